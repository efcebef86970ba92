import { filledHoverShade, readableTextOn } from '../contrast.ts';
import { PRIMARY_SHADE, THEME_COLORS, type ThemeColorName, type ThemeScheme } from '../theme-colors.ts';

/** Mantine's darken(): each channel times (1 - amount); its dark-scheme "light" variants. */
function darken(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - amount)));
  return `rgb(${channels.join(', ')})`;
}

/**
 * A theme color (spec sections 2 and 9) as the CSS variables of the plain components
 * (lite.module.css), with the values Mantine's theme gives the same choice (src/ui/theme.ts: the
 * primary shade per scheme, black or white text on it, the anchor shade), so the sign-in page looks
 * as the app does without loading Mantine (decision 0025). Not run in the page: lite-theme.css holds
 * the result for every color (scripts/generate-lite-theme-css.ts), so the sign-in route carries no
 * color table in its JavaScript. Neutral colors (text, borders, body) follow
 * <html data-mantine-color-scheme>, which index.html sets.
 */
export function liteThemeVariables(scheme: ThemeScheme, color: ThemeColorName): Record<string, string> {
  const shades = THEME_COLORS[color];
  const shade = PRIMARY_SHADE[scheme];
  const filled = shades[shade];
  return {
    '--lite-primary': filled,
    '--lite-primary-hover': shades[filledHoverShade(shades, shade)]!,
    '--lite-on-primary': readableTextOn(filled),
    '--lite-primary-light': scheme === 'dark' ? darken(shades[9], 0.5) : shades[1],
    '--lite-primary-light-hover': scheme === 'dark' ? darken(shades[9], 0.3) : shades[2],
    '--lite-primary-light-color': scheme === 'dark' ? shades[0] : shades[9],
    '--lite-anchor': scheme === 'dark' ? shades[3] : shades[8],
  };
}

/** The radius variable: Mantine md (0.5rem) when rounded, 0 when flat. */
export const LITE_RADIUS = { rounded: '0.5rem', flat: '0' } as const;
