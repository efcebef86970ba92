import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { ThemeRadius } from '#src/lib/storage.ts';
import { PRIMARY_SHADE, THEME_COLORS, type ThemeColorName } from './theme-colors.ts';

const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif';

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
    // Filled buttons on light colors (greenlime, yellowgranola) get dark text instead of white.
    autoContrast: true,
    defaultRadius: radius === 'flat' ? 0 : 'md',
    fontFamily: FONT_FAMILY,
  });
}

/** The default theme (light.blueolympic, rounded), for code that needs a theme outside the app. */
export const theme = createAppTheme('blueolympic', 'rounded');

/**
 * Text colors that meet WCAG AA (4.5:1) on the page background, checked by axe in the end-to-end
 * suite: Mantine's default dimmed gray and anchor shade are a little too light.
 */
export const accessibleCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-primary-color-8)',
    // Colored text (`c="red"`, error messages): Mantine's shade 6 is under 4.5:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-text': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-text': 'var(--mantine-color-teal-9)',
    '--mantine-color-blue-text': 'var(--mantine-color-blue-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-primary-color-3)',
  },
});
