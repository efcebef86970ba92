import type { MantineColorsTuple } from '@mantine/core';

/**
 * The 10 theme colors of the color switcher (spec sections 2 and 9), each as a Mantine 10-shade
 * palette. Shade 6 is the named base color; shades 0-5 are lighter tints and 7-9 darker shades,
 * made in OKLab (lightness stepped toward white or black, chroma eased off toward white) so the
 * tints stay clean rather than washed out.
 */
// prettier-ignore
export const THEME_COLORS = {
  bluenavy: ['#eff8ff', '#cedfef', '#a4bfd7', '#7b9dbb', '#527a9d', '#2a567b', '#00365a', '#002c4d', '#002241', '#001835'],
  blueyale: ['#edf8ff', '#cfe4fa', '#a8c9ea', '#82acd7', '#5c8ec0', '#3870a4', '#145388', '#054475', '#003663', '#002952'],
  blueolympic: ['#e8faff', '#cceeff', '#a7ddff', '#83cbfa', '#5eb7ef', '#38a2de', '#008ecc', '#0077b1', '#006196', '#004c7c'],
  greenmoss: ['#f4f9ef', '#dfe7d6', '#c4d0b5', '#a8b895', '#8c9e75', '#708357', '#576a3d', '#47592f', '#384821', '#2a3814'],
  greenlime: ['#effce6', '#dcf5ca', '#c4eba8', '#ade086', '#96d264', '#81c245', '#6fb327', '#599804', '#437d00', '#2f6400'],
  purplemonster: ['#fff0ff', '#fcd5f5', '#efb3e5', '#dd91d2', '#c76ebb', '#ad4ca1', '#922c88', '#7d1d75', '#690b62', '#56004f'],
  orangecarrot: ['#fff1e4', '#ffe0c7', '#ffc9a3', '#ffb280', '#ff9b5d', '#fc853b', '#ed7117', '#cd5a00', '#ad4300', '#8f2d00'],
  redruby: ['#fff0eb', '#ffd3cb', '#f9ada1', '#e68779', '#ce6052', '#b0382c', '#900604', '#7c0000', '#690000', '#570000'],
  yellowgranola: ['#fcf7e7', '#f7ecce', '#efdeaf', '#e6cf91', '#dbc074', '#cdb05b', '#c0a145', '#a3872e', '#886d15', '#6d5500'],
  greysteel: ['#f6f7f7', '#e0e0e1', '#c2c2c4', '#a3a4a6', '#848587', '#646567', '#48494b', '#3b3c3e', '#2f3031', '#232425'],
} as const satisfies Record<string, MantineColorsTuple>;

export type ThemeColorName = keyof typeof THEME_COLORS;
export type ThemeScheme = 'light' | 'dark';

/** In the switcher's order (the spec's order). */
export const THEME_COLOR_NAMES = Object.keys(THEME_COLORS) as ThemeColorName[];
export const THEME_SCHEMES: readonly ThemeScheme[] = ['light', 'dark'];

/**
 * The shade used as the primary color in each scheme: the named color itself (shade 6) in light;
 * one step lighter on the dark background, where the darkest colors (bluenavy, redruby) would
 * otherwise sink into it.
 */
// Light: one step darker than the named color, so white text on filled buttons meets WCAG AA (4.5:1;
// blueolympic itself gives 3.6:1, caught by axe).
export const PRIMARY_SHADE = { light: 7, dark: 5 } as const satisfies Record<ThemeScheme, number>;

export interface ThemeColorChoice {
  scheme: ThemeScheme;
  color: ThemeColorName;
}

/** light.blueolympic (spec section 9; the same as DEFAULT_THEME_COLOR in lib/storage.ts). */
export const DEFAULT_THEME_COLOR_CHOICE: ThemeColorChoice = { scheme: 'light', color: 'blueolympic' };

const isThemeColorName = (value: string): value is ThemeColorName =>
  Object.prototype.hasOwnProperty.call(THEME_COLORS, value);

/** 'dark.redruby' for ('dark', 'redruby'): the format the theme color is stored in. */
export const themeColorKey = (scheme: ThemeScheme, color: ThemeColorName): string => `${scheme}.${color}`;

/**
 * Reads a stored theme color such as 'dark.redruby'. Anything else (an unknown scheme or color,
 * extra parts, an empty or missing value) is light.blueolympic as a whole: a half-valid value is
 * not trusted. index.html's first-paint script decides dark or light by the same rule.
 */
export function parseThemeColor(stored: string | null | undefined): ThemeColorChoice {
  const parts = (stored ?? '').split('.');
  if (parts.length === 2) {
    const [scheme, color] = parts as [string, string];
    if ((scheme === 'light' || scheme === 'dark') && isThemeColorName(color)) return { scheme, color };
  }
  return { ...DEFAULT_THEME_COLOR_CHOICE };
}
