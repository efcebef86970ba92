import {
  createTheme,
  defaultVariantColorsResolver,
  getPrimaryShade,
  isVirtualColor,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineTheme,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { ThemeRadius } from '#src/lib/storage.ts';
import {
  AA_TEXT_CONTRAST,
  BLACK,
  BLACK_WHITE_LUMINANCE,
  contrastRatio,
  darkenedUntilReadable,
  filledHoverShade,
  readableTextOn,
} from './contrast.ts';
import { PRIMARY_SHADE, THEME_COLORS, THEME_SCHEMES, type ThemeColorName } from './theme-colors.ts';

const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif';

/**
 * The variable holding the text color (black or white) on `color`'s filled shade, set per scheme by
 * accessibleCssVariables, for a theme color named without a shade ('redruby', not 'redruby.3');
 * undefined for anything else, which Mantine's own choice handles (a fixed shade or a CSS color
 * is the same in both schemes).
 */
export function filledContrastVariable(color: string | undefined, theme: MantineTheme): string | undefined {
  const parsed = parseThemeColor({ color: color || theme.primaryColor, theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return undefined;
  if (isVirtualColor(theme.colors[parsed.color])) return undefined;
  return `var(--mantine-color-${parsed.color}-contrast)`;
}

/**
 * Mantine picks black or white text for a filled color once, from the light scheme's shade, and
 * uses it in dark too, where the filled shade is lighter (PRIMARY_SHADE): white on blueolympic's
 * #38a2de is 2.9:1. Filled variants (Button, Badge, Chip, ActionIcon, ThemeIcon, Avatar, NavLink...)
 * take the per-scheme variable instead.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const fixed = lightWithFixedShade(input);
  if (fixed) return { ...colors, ...fixed };
  const autoContrast = input.autoContrast ?? input.theme.autoContrast;
  const contrast = filledContrastVariable(input.color, input.theme);
  if (input.variant !== 'filled' || !autoContrast || !contrast) return colors;
  return { ...colors, color: contrast };
};

/**
 * A light variant of a fixed shade (`<Badge color="teal.9" variant="light">`): Mantine paints the
 * background in that shade and the text in the color's light-variant text color, which is about the
 * same shade, so "+6" was invisible (issue 27). Here the text is black or white, whichever reads on
 * that shade (the same in both schemes: a fixed shade does not change with the scheme).
 */
function lightWithFixedShade(input: Parameters<VariantColorsResolver>[0]) {
  if (input.variant !== 'light') return undefined;
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return undefined;
  const shade = input.theme.colors[parsed.color]?.[parsed.shade];
  if (!shade?.startsWith('#')) return undefined;
  return { color: readableTextOn(shade) };
}

type ContrastProps = { color?: string; autoContrast?: boolean; variant?: string; iconColor?: string };

/** A component whose text or icon sits on its filled color, through the named CSS variable. */
const onFilled = (variable: string, when: (props: ContrastProps) => boolean = () => true) => ({
  vars: (theme: MantineTheme, props: ContrastProps) => {
    const contrast = filledContrastVariable(props.color, theme);
    const autoContrast = props.autoContrast ?? theme.autoContrast;
    return { root: contrast && autoContrast && when(props) ? { [variable]: contrast } : {} };
  },
});
const filledVariant = (props: ContrastProps) => (props.variant ?? 'filled') === 'filled';
const filledIcon = (props: ContrastProps) => !props.iconColor && filledVariant(props);

/**
 * The Mantine theme for one choice of the color switcher (spec sections 2 and 9): the chosen color
 * is the primary color, all 10 colors are registered (so `c="redruby"` works whatever the choice),
 * and the radius is 'md' when rounded or 0 when flat. Light or dark is not part of the theme: it is
 * the MantineProvider's color scheme (see app/providers.tsx).
 */
export function createAppTheme(color: ThemeColorName, radius: ThemeRadius): MantineThemeOverride {
  return createTheme({
    primaryColor: color,
    colors: THEME_COLORS,
    primaryShade: PRIMARY_SHADE,
    // Text on a filled color is black or white, whichever contrasts more (WCAG AA, 4.5:1, for every
    // color in both schemes: contrast.test.ts), not white down to Mantine's default threshold.
    autoContrast: true,
    luminanceThreshold: BLACK_WHITE_LUMINANCE,
    variantColorResolver,
    // Components that read Mantine's light-scheme choice directly rather than the resolver, and
    // Badge and Chip, which without a color or variant keep their stylesheet's white text.
    components: {
      // Mantine's stylesheet sets badges in capitals: a status read "REFUNDED", a model "IPHONE 13"
      // (issue 27). Badges show words and data as written, and whole: a table squeezed on a tablet
      // cut a state to "Can…" (cancelled) and "Expi…" (expired), as it once cut "FINISHED".
      Badge: {
        ...onFilled('--badge-color', filledVariant),
        defaultProps: { tt: 'none' },
        styles: { root: { flexShrink: 0, minWidth: 'max-content' } },
      },
      Chip: onFilled('--chip-color', filledVariant),
      Pagination: onFilled('--pagination-active-color'),
      Tabs: onFilled('--tabs-text-color'),
      Stepper: onFilled('--stepper-icon-color'),
      Timeline: onFilled('--tl-icon-color'),
      Indicator: onFilled('--indicator-text-color'),
      Checkbox: onFilled('--checkbox-icon-color', filledIcon),
      CheckboxIndicator: onFilled('--checkbox-icon-color', filledIcon),
      Radio: onFilled('--radio-icon-color', filledIcon),
      RadioIndicator: onFilled('--radio-icon-color', filledIcon),
    },
    defaultRadius: radius === 'flat' ? 0 : 'md',
    fontFamily: FONT_FAMILY,
  });
}

/** The default theme (light.blueolympic, rounded), for code that needs a theme outside the app. */
export const theme = createAppTheme('blueolympic', 'rounded');

/**
 * Per scheme, for every color of the theme: the text color on its filled shade
 * (`--mantine-color-X-contrast`) and a hover shade that moves away from that text color.
 */
function filledContrastVariables(theme: MantineTheme) {
  const byScheme = { light: {} as Record<string, string>, dark: {} as Record<string, string> };
  for (const scheme of THEME_SCHEMES) {
    const shade = getPrimaryShade(theme, scheme);
    for (const [name, shades] of Object.entries(theme.colors)) {
      if (isVirtualColor(shades)) continue;
      const text = readableTextOn(shades[shade]) === BLACK ? 'black' : 'white';
      byScheme[scheme][`--mantine-color-${name}-contrast`] = `var(--mantine-color-${text})`;
      byScheme[scheme][`--mantine-color-${name}-filled-hover`] =
        `var(--mantine-color-${name}-${filledHoverShade(shades, shade)})`;
    }
    byScheme[scheme]['--mantine-primary-color-contrast'] =
      `var(--mantine-color-${theme.primaryColor}-contrast)`;
  }
  return byScheme;
}

/**
 * The light scheme's light variants (`<Badge color="teal" variant="light">`): Mantine puts shade 9 on
 * shade 1, under 4.5:1 for some colors (teal 4.3, green 3.8, orange 3.6, yellow 2.7: axe failed the
 * repairs history's "success" badge). Those colors' text is shade 9 darkened until it reads.
 */
function lightVariantTextVariables(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (isVirtualColor(shades) || contrastRatio(shades[9], shades[1]) >= AA_TEXT_CONTRAST) continue;
    variables[`--mantine-color-${name}-light-color`] = darkenedUntilReadable(shades[9], shades[1]);
  }
  return variables;
}

/**
 * Text colors that meet WCAG AA (4.5:1) on the page background, checked by axe in the end-to-end
 * suite: Mantine's default dimmed gray and anchor shade are a little too light; and the text on
 * filled colors (filledContrastVariables).
 */
export const accessibleCssVariables: CSSVariablesResolver = (theme) => {
  const filled = filledContrastVariables(theme);
  return {
    variables: {},
    light: {
      ...filled.light,
      ...lightVariantTextVariables(theme),
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-anchor': 'var(--mantine-primary-color-8)',
      // Colored text (`c="red"`, error messages): Mantine's shade 6 is under 4.5:1 on white.
      '--mantine-color-error': 'var(--mantine-color-red-9)',
      '--mantine-color-red-text': 'var(--mantine-color-red-9)',
      '--mantine-color-teal-text': 'var(--mantine-color-teal-9)',
      '--mantine-color-blue-text': 'var(--mantine-color-blue-8)',
    },
    dark: {
      ...filled.dark,
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-anchor': 'var(--mantine-primary-color-3)',
    },
  };
};
