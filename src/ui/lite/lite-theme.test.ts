import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, getPrimaryShade, mergeMantineTheme } from '@mantine/core';
import { setThemeColor, setThemeRadius } from '#src/lib/storage.ts';
import { accessibleCssVariables, createAppTheme } from '../theme.ts';
import { THEME_COLORS, THEME_COLOR_NAMES, THEME_SCHEMES } from '../theme-colors.ts';
import { liteThemeStyle } from './lite-theme.ts';

afterEach(() => localStorage.clear());

/** A `var(--mantine-color-<name>-<shade>)` or `var(--mantine-color-black|white)` as a color. */
function resolve(value: string, name: string): string {
  const shade = new RegExp(`var\\(--mantine-color-${name}-(\\d)\\)`).exec(value);
  if (shade) return THEME_COLORS[name as keyof typeof THEME_COLORS][Number(shade[1])]!;
  if (value === 'var(--mantine-color-black)') return '#000000';
  if (value === 'var(--mantine-color-white)') return '#ffffff';
  throw new Error(`unexpected ${value}`);
}

describe('the sign-in page theme without Mantine (decision 0025)', () => {
  it.each(THEME_COLOR_NAMES.flatMap((color) => THEME_SCHEMES.map((scheme) => [scheme, color] as const)))(
    '%s.%s gives the colors the Mantine theme gives the app',
    (scheme, color) => {
      setThemeColor(`${scheme}.${color}`);
      const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(color, 'rounded'));
      const variables = accessibleCssVariables(theme)[scheme];
      const style = liteThemeStyle() as Record<string, string>;
      expect(style['--lite-primary']).toBe(theme.colors[color]![getPrimaryShade(theme, scheme)]);
      expect(style['--lite-primary-hover']).toBe(
        resolve(variables[`--mantine-color-${color}-filled-hover`]!, color),
      );
      expect(style['--lite-on-primary']).toBe(
        resolve(variables[`--mantine-color-${color}-contrast`]!, color),
      );
      // '--mantine-color-anchor' is the primary color's shade 8 (light) or 3 (dark).
      const anchorShade = Number(/primary-color-(\d)/.exec(variables['--mantine-color-anchor']!)![1]);
      expect(style['--lite-anchor']).toBe(THEME_COLORS[color][anchorShade]);
    },
  );

  it('rounded is Mantine md (0.5rem), flat is 0; an unknown stored color is light.blueolympic', () => {
    setThemeColor('neon.pink');
    expect(liteThemeStyle()).toMatchObject({ '--lite-radius': '0.5rem', '--lite-primary': '#0077b1' });
    setThemeRadius('flat');
    expect(liteThemeStyle()).toMatchObject({ '--lite-radius': '0' });
  });
});
