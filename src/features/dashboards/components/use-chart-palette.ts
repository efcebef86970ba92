import { useComputedColorScheme, useDirection, useMantineTheme } from '@mantine/core';
import { THEME_COLORS, type ThemeColorName } from '#src/ui/theme-colors.ts';
import { chartPalette, type ChartColor } from '../model/chart-palette.ts';

/** The chart colours of the user's theme colour and scheme, and whether axes run right to left. */
export function useChartTheme(): { palette: ChartColor[]; rtl: boolean } {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  const { dir } = useDirection();
  const primary = (theme.primaryColor in THEME_COLORS ? theme.primaryColor : 'blueolympic') as ThemeColorName;
  return { palette: chartPalette(primary, scheme), rtl: dir === 'rtl' };
}
