import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { render } from '@testing-library/react';
import { DEFAULT_THEME, getPrimaryShade, mergeMantineTheme } from '@mantine/core';
import { setThemeColor, setThemeRadius } from '#src/lib/storage.ts';
import { accessibleCssVariables, createAppTheme } from '../theme.ts';
import { THEME_COLORS, THEME_COLOR_NAMES, THEME_SCHEMES } from '../theme-colors.ts';
import { liteThemeVariables } from './lite-theme.ts';
import { LiteScope } from './LiteScope.tsx';

afterEach(() => localStorage.clear());

/** A `var(--mantine-color-<name>-<shade>)` or `var(--mantine-color-black|white)` as a color. */
function resolve(value: string, name: string): string {
  const shade = new RegExp(`var\\(--mantine-color-${name}-(\\d)\\)`).exec(value);
  if (shade) return THEME_COLORS[name as keyof typeof THEME_COLORS][Number(shade[1])]!;
  if (value === 'var(--mantine-color-black)') return '#000000';
  if (value === 'var(--mantine-color-white)') return '#ffffff';
  throw new Error(`unexpected ${value}`);
}

/** lite-theme.css, as committed (scripts/generate-lite-theme-css.test.ts checks it is up to date). */
const LITE_THEME_CSS_PATH = resolvePath('src/ui/lite/lite-theme.css');

/** The variables lite-theme.css gives an element with these attributes (exact-match selectors). */
function cssVariables(attributes: { theme: string; radius: string }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, selector, body] of readFileSync(LITE_THEME_CSS_PATH, 'utf8').matchAll(
    /([^{}\n]+) \{\n([^}]*)\}/g,
  )) {
    const m = /^\[data-lite-(theme|radius)(?:='([^']*)')?\]$/.exec(selector!)!;
    expect(m, selector).not.toBeNull();
    if (m[2] !== undefined && m[2] !== attributes[m[1] as 'theme' | 'radius']) continue;
    for (const [, name, value] of body!.matchAll(/(--[\w-]+): ([^;]+);/g)) out[name!] = value!;
  }
  return out;
}

describe('the sign-in page theme without Mantine (decision 0025)', () => {
  it.each(THEME_COLOR_NAMES.flatMap((color) => THEME_SCHEMES.map((scheme) => [scheme, color] as const)))(
    '%s.%s gives the colors the Mantine theme gives the app',
    (scheme, color) => {
      const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(color, 'rounded'));
      const variables = accessibleCssVariables(theme)[scheme];
      const style = liteThemeVariables(scheme, color);
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
      // And lite-theme.css gives exactly these for the stored value.
      expect(cssVariables({ theme: `${scheme}.${color}`, radius: 'rounded' })).toEqual({
        ...style,
        '--lite-radius': '0.5rem',
      });
    },
  );

  it('rounded is Mantine md (0.5rem), flat is 0; an unknown or half-valid stored color is light.blueolympic', () => {
    const blueolympic = liteThemeVariables('light', 'blueolympic');
    for (const stored of ['neon.pink', 'dark.pink', 'dark', 'dark.redruby.x', ''])
      expect(cssVariables({ theme: stored, radius: 'rounded' })).toEqual({
        ...blueolympic,
        '--lite-radius': '0.5rem',
      });
    expect(cssVariables({ theme: 'dark.redruby', radius: 'flat' })).toMatchObject({ '--lite-radius': '0' });
  });

  it('LiteScope puts the stored color and radius on its element, as stored', () => {
    setThemeColor('dark.redruby');
    setThemeRadius('flat');
    const { container } = render(createElement(LiteScope, null, 'x'));
    const scope = container.firstElementChild!;
    expect(scope.getAttribute('data-lite-theme')).toBe('dark.redruby');
    expect(scope.getAttribute('data-lite-radius')).toBe('flat');
  });
});
