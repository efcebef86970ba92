import {
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  isVirtualColor,
  mergeMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  BLACK,
  BLACK_WHITE_LUMINANCE,
  WHITE,
  contrastRatio,
  darkenedUntilReadable,
  filledHoverShade,
  readableTextOn,
  relativeLuminance,
} from './contrast.ts';
import { accessibleCssVariables, createAppTheme } from './theme.ts';
import { THEME_COLOR_NAMES, THEME_SCHEMES, type ThemeScheme } from './theme-colors.ts';

describe('contrast arithmetic', () => {
  it('measures WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#fff', '#000')).toBe(21);
    expect(contrastRatio('#000', '#fff')).toBe(21);
    // Known pairs: Mantine blue-6 on white, and #767676, the lightest gray passing AA on white.
    expect(contrastRatio('#228be6', '#fff')).toBeCloseTo(3.56, 2);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(() => relativeLuminance('blue')).toThrow();
  });

  it('picks the better of black and white, at least 4.58:1 on any gray', () => {
    expect(BLACK_WHITE_LUMINANCE).toBeCloseTo(0.179, 3);
    expect(readableTextOn('#38a2de')).toBe(BLACK);
    expect(readableTextOn('#0077b1')).toBe(WHITE);
    for (let v = 0; v < 256; v++) {
      const gray = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(gray, readableTextOn(gray))).toBeGreaterThanOrEqual(4.58);
    }
  });

  it('darkens a text color only as far as it must to read on a light background', () => {
    expect(darkenedUntilReadable('#1864ab', '#d0ebff')).toBe('#1864ab');
    const teal = darkenedUntilReadable('#087f5b', '#c3fae8');
    expect(contrastRatio(teal, '#c3fae8')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(teal, '#c3fae8')).toBeLessThan(5.2);
    expect(contrastRatio(darkenedUntilReadable('#ffffff', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(
      AA_TEXT_CONTRAST,
    );
    // On a background black cannot read on, black is the best there is.
    expect(darkenedUntilReadable('#555555', '#333333')).toBe(BLACK);
  });

  it('hovers one shade away from the text color', () => {
    const shades = ['#eeeeee', '#cccccc', '#aaaaaa', '#888888', '#666666', '#444444', '#222222'];
    expect(filledHoverShade(shades, 1)).toBe(0); // black text: lighter
    expect(filledHoverShade(shades, 5)).toBe(6); // white text: darker
    expect(filledHoverShade(shades, 6)).toBe(6);
    expect(filledHoverShade(shades, 0)).toBe(0);
  });
});

/** The theme as MantineProvider builds it, and its CSS variables in one scheme. */
function themeIn(primary: (typeof THEME_COLOR_NAMES)[number], scheme: ThemeScheme) {
  const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(primary, 'rounded'));
  const merged = deepMerge(defaultCssVariablesResolver(theme), accessibleCssVariables(theme)) as {
    variables: Record<string, string>;
    light: Record<string, string>;
    dark: Record<string, string>;
  };
  const vars: Record<string, string> = { ...merged.variables, ...merged[scheme] };
  const resolve = (value: string): string => {
    const ref = /^var\((--[\w-]+)\)$/.exec(value.trim());
    if (!ref) return value;
    const next = vars[ref[1]!];
    if (next === undefined) throw new Error(`${ref[1]} is not defined in ${scheme}`);
    return resolve(next);
  };
  return { theme, resolve };
}

/** A color as #rrggbb: Mantine writes the dark scheme's light backgrounds as opaque `rgba(…)`. */
function hexOf(value: string): string {
  const rgba = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*1)?\)$/.exec(value.trim());
  if (!rgba) return value;
  return `#${rgba
    .slice(1, 4)
    .map((c) => Number(c).toString(16).padStart(2, '0'))
    .join('')}`;
}

const filled = (theme: MantineTheme, color: string) =>
  theme.variantColorResolver({ color, theme, variant: 'filled' });

/**
 * The components whose text or icon color Mantine computes itself from the light scheme, or leaves
 * at its stylesheet's white when given no color or variant (`<Badge>Popular</Badge>`).
 */
const CONTRAST_COMPONENTS = [
  'Badge',
  'Chip',
  'Pagination',
  'Tabs',
  'Stepper',
  'Timeline',
  'Indicator',
  'Checkbox',
  'Radio',
];

describe('the app theme: text on filled colors reaches WCAG AA (4.5:1)', () => {
  for (const scheme of THEME_SCHEMES) {
    it(`filled variants (Button, Badge, Chip…) of all 10 colors as the primary color, ${scheme}`, () => {
      const failures: string[] = [];
      for (const primary of THEME_COLOR_NAMES) {
        const { theme, resolve } = themeIn(primary, scheme);
        const colors = filled(theme, theme.primaryColor);
        const text = resolve(colors.color);
        for (const [state, background] of [
          ['rest', colors.background],
          ['hover', colors.hover],
        ] as const) {
          const ratio = contrastRatio(resolve(background), text);
          if (ratio < AA_TEXT_CONTRAST)
            failures.push(`${primary} ${state}: ${text} on ${resolve(background)} is ${ratio.toFixed(2)}:1`);
        }
        // Mantine's own --mantine-primary-color-contrast (used by code that asks for it directly).
        const primaryText = resolve('var(--mantine-primary-color-contrast)');
        const primaryRatio = contrastRatio(resolve('var(--mantine-primary-color-filled)'), primaryText);
        if (primaryRatio < AA_TEXT_CONTRAST)
          failures.push(`${primary} primary-color-contrast: ${primaryRatio}`);
      }
      expect(failures).toEqual([]);
    });

    it(`every color named on a filled element (c="redruby", color="red"), ${scheme}`, () => {
      const { theme, resolve } = themeIn('blueolympic', scheme);
      const failures: string[] = [];
      for (const color of Object.keys(theme.colors)) {
        const colors = filled(theme, color);
        const ratio = contrastRatio(resolve(colors.background), resolve(colors.color));
        const hover = contrastRatio(resolve(colors.hover), resolve(colors.color));
        if (Math.min(ratio, hover) < AA_TEXT_CONTRAST) failures.push(`${color}: ${ratio} / ${hover}`);
      }
      expect(failures).toEqual([]);
    });

    it(`light variants of a fixed shade (the hot-phones trend badge, color="teal.9"), ${scheme}`, () => {
      const { theme, resolve } = themeIn('blueolympic', scheme);
      const failures: string[] = [];
      for (const [color, shades] of Object.entries(theme.colors)) {
        for (const shade of shades.keys()) {
          const colors = theme.variantColorResolver({ color: `${color}.${shade}`, theme, variant: 'light' });
          const ratio = contrastRatio(resolve(colors.background), resolve(colors.color));
          if (ratio < AA_TEXT_CONTRAST) failures.push(`${color}.${shade}: ${ratio.toFixed(2)}:1`);
        }
      }
      expect(failures).toEqual([]);
    });

    it(`light variants of every color (the history's status badges, color="teal" variant="light"), ${scheme}`, () => {
      const { theme, resolve } = themeIn('blueolympic', scheme);
      const failures: string[] = [];
      for (const [color, shades] of Object.entries(theme.colors)) {
        if (isVirtualColor(shades)) continue;
        const colors = theme.variantColorResolver({ color, theme, variant: 'light' });
        const ratio = contrastRatio(hexOf(resolve(colors.background)), hexOf(resolve(colors.color)));
        if (ratio < AA_TEXT_CONTRAST) failures.push(`${color}: ${ratio.toFixed(2)}:1`);
      }
      expect(failures).toEqual([]);
    });

    it(`components given no color or variant, or coloring their text themselves (Badge, Pagination…), ${scheme}`, () => {
      const failures: string[] = [];
      for (const primary of THEME_COLOR_NAMES) {
        const { theme, resolve } = themeIn(primary, scheme);
        const background = resolve('var(--mantine-primary-color-filled)');
        expect(Object.keys(theme.components)).toEqual(expect.arrayContaining(CONTRAST_COMPONENTS));
        for (const [name, extension] of Object.entries(theme.components)) {
          const vars = (extension as { vars: (t: MantineTheme, p: object) => { root: object } }).vars(
            theme,
            {},
          ).root as Record<string, string>;
          const entries = Object.entries(vars);
          if (entries.length !== 1) failures.push(`${name}: sets ${entries.length} variables`);
          for (const [variable, value] of entries) {
            const ratio = contrastRatio(background, resolve(value));
            if (ratio < AA_TEXT_CONTRAST)
              failures.push(`${primary} ${name} ${variable}: ${ratio.toFixed(2)}:1`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
