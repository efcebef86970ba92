/**
 * WCAG 2 contrast arithmetic for the theme: which text color (black or white) reads on a filled
 * background, and which neighbouring shade a filled element may darken or lighten to on hover
 * without losing that contrast. Pure functions of hex colors, so a unit test can check every theme
 * color in both schemes without a browser.
 */

/** WCAG AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** WCAG relative luminance (0 = black, 1 = white) of a #rrggbb or #rgb color. */
export function relativeLuminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex color: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colors, 1 to 21, whichever order they come in. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The luminance at which black and white text contrast equally (about 0.179, both 4.58:1): above
 * it black reads better, at or below it white. Given to Mantine as `luminanceThreshold`, so its own
 * black-or-white choice (autoContrast) is the better one of the two, never a 2.9:1 white; Mantine's
 * default of 0.3 gives white text on backgrounds as light as blueolympic's #38a2de.
 */
export const BLACK_WHITE_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

/** Black or white, whichever contrasts more with the background: at least 4.58:1 on any color. */
export function readableTextOn(background: string): typeof BLACK | typeof WHITE {
  return relativeLuminance(background) > BLACK_WHITE_LUMINANCE ? BLACK : WHITE;
}

/**
 * The shade a filled element of `shades[base]` takes on hover: one step away from its text color
 * (darker under white text, lighter under black), so hovering only raises the contrast. Mantine
 * always goes one step darker, which under black text (greenlime, say) drops below 4.5:1.
 */
export function filledHoverShade(shades: readonly string[], base: number): number {
  const darker = readableTextOn(shades[base]!) === WHITE;
  return darker ? Math.min(base + 1, shades.length - 1) : Math.max(base - 1, 0);
}

/**
 * `text` darkened toward black, in 5 % steps, until it reaches `minimum` on `background` (a light
 * background: black reaches 4.5:1 on any color lighter than ~#767676). Mantine's light variants
 * (`<Badge color="teal" variant="light">`) put shade 9 on shade 1, which for teal, green, orange and
 * yellow is 2.7-4.3:1.
 */
export function darkenedUntilReadable(text: string, background: string, minimum = AA_TEXT_CONTRAST): string {
  const channels = [1, 3, 5].map((i) => parseInt(text.replace('#', '').slice(i - 1, i + 1), 16));
  for (let step = 0; step <= 20; step++) {
    const hex = `#${channels
      .map((c) =>
        Math.round(c * (1 - step / 20))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(hex, background) >= minimum) return hex;
  }
  return BLACK;
}
