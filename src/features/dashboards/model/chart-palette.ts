import { THEME_COLORS, type ThemeColorName, type ThemeScheme } from '#src/ui/theme-colors.ts';

/**
 * Chart colours from the theme (decision 0035): the user's chosen colour first, then one colour of
 * each other hue family of the 10 theme colours, each at the shade nearest the named colour that
 * stands out from the page's background by at least 3:1 (WCAG 1.4.11, graphical objects), in light
 * and in dark. Pure, so its contrast is unit-tested for every colour choice and scheme.
 */
const FAMILIES: readonly (readonly ThemeColorName[])[] = [
  ['bluenavy', 'blueyale', 'blueolympic'],
  ['greenmoss', 'greenlime'],
  ['purplemonster'],
  ['orangecarrot'],
  ['redruby'],
  ['yellowgranola'],
  ['greysteel'],
];

/** After the primary colour, the other families in this order (neighbours differ in hue). */
const SECONDARY: readonly ThemeColorName[] = [
  'orangecarrot',
  'blueolympic',
  'greenlime',
  'purplemonster',
  'yellowgranola',
  'redruby',
  'greysteel',
];

/** The page background charts are drawn on: white; in dark the lighter of Mantine's body/paper greys. */
export const CHART_BACKGROUND: Record<ThemeScheme, string> = { light: '#ffffff', dark: '#2e2e2e' };
export const MIN_CONTRAST = 3;

const familyOf = (color: ThemeColorName) => FAMILIES.find((f) => f.includes(color)) ?? [color];

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** The shade of `color` nearest its named shade (6; 5 in dark) that meets MIN_CONTRAST. */
export function readableShade(color: ThemeColorName, scheme: ThemeScheme): number {
  const shades = scheme === 'light' ? [6, 7, 8, 9] : [5, 4, 3, 2, 1, 0];
  const bg = CHART_BACKGROUND[scheme];
  return shades.find((s) => contrast(THEME_COLORS[color][s]!, bg) >= MIN_CONTRAST) ?? shades.at(-1)!;
}

export interface ChartColor {
  /** Mantine's colour reference ('blueolympic.7'), which charts resolve to a CSS variable. */
  name: string;
  /** The hex value (tests, and places outside Mantine). */
  hex: string;
}

/** Colours nearer than this (RGB distance) to one already taken are left out (greenmoss vs greysteel). */
export const MIN_DISTANCE = 40;

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
export function colorDistance(a: string, b: string): number {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(...x.map((v, i) => v - y[i]!));
}

/** Up to 7 distinguishable colours, the primary colour first. */
export function chartPalette(primary: ThemeColorName, scheme: ThemeScheme): ChartColor[] {
  const own = familyOf(primary);
  const palette: ChartColor[] = [];
  for (const c of [primary, ...SECONDARY.filter((s) => !own.includes(s))]) {
    const shade = readableShade(c, scheme);
    const color = { name: `${c}.${shade}`, hex: THEME_COLORS[c][shade]! };
    if (palette.every((p) => colorDistance(p.hex, color.hex) >= MIN_DISTANCE)) palette.push(color);
  }
  return palette;
}

/**
 * The palette followed by a tint of each colour (three shades lighter in light, darker in dark): a
 * chart with more slices than colours (the warranty mix's 8 types) tells each slice apart instead
 * of starting the palette again (issue 27: the donut repeated a blue).
 */
export function withTints(palette: readonly ChartColor[]): ChartColor[] {
  const tints = palette.map((c) => {
    const [name, shadeText] = c.name.split('.') as [ThemeColorName, string];
    const shade = Number(shadeText);
    const tint = shade >= 5 ? shade - 3 : shade + 3;
    return { name: `${name}.${tint}`, hex: THEME_COLORS[name][tint]! };
  });
  return [...palette, ...tints];
}

/**
 * A colour per key that stays the key's whatever the period, the ranking or the language (issue 27:
 * a service's colour changed with them): each key prefers the colour at its place in `order` (the
 * catalogue's order), the next free one when another shown key has it; `last`, when given, gets the
 * palette's last colour (the grey of "other"), which no other key takes.
 */
export function keyedColors(
  keys: readonly string[],
  order: readonly string[],
  palette: readonly ChartColor[],
  last?: string,
): Map<string, ChartColor> {
  const out = new Map<string, ChartColor>();
  const free = last === undefined ? palette.length : palette.length - 1;
  const taken = new Set<number>();
  const known = [...keys].filter((k) => k !== last);
  // Keys in catalogue order first, so which key yields on a clash does not depend on the ranking.
  known.sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
  for (const key of known) {
    let i = rank(order, key) % free;
    for (let tries = 0; taken.has(i) && tries < free; tries++) i = (i + 1) % free;
    taken.add(i);
    out.set(key, palette[i]!);
  }
  if (last !== undefined && keys.includes(last)) out.set(last, palette[palette.length - 1]!);
  return out;
}

function rank(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}
