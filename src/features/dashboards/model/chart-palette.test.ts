import { describe, expect, it } from 'vitest';
import { THEME_COLOR_NAMES, THEME_SCHEMES } from '#src/ui/theme-colors.ts';
import {
  CHART_BACKGROUND,
  MIN_CONTRAST,
  MIN_DISTANCE,
  chartPalette,
  colorDistance,
  contrast,
} from './chart-palette.ts';

describe('chart palette', () => {
  for (const scheme of THEME_SCHEMES)
    for (const primary of THEME_COLOR_NAMES)
      it(`${scheme}.${primary}: primary first, 6+ colours, each readable on the background and apart`, () => {
        const palette = chartPalette(primary, scheme);
        expect(palette[0]!.name.startsWith(`${primary}.`)).toBe(true);
        expect(palette.length).toBeGreaterThanOrEqual(6);
        for (const c of palette) {
          expect(contrast(c.hex, CHART_BACKGROUND[scheme])).toBeGreaterThanOrEqual(MIN_CONTRAST);
          // Mantine's dark body (#242424) is darker still than the paper grey tested against.
          if (scheme === 'dark') expect(contrast(c.hex, '#242424')).toBeGreaterThanOrEqual(MIN_CONTRAST);
        }
        for (const [i, a] of palette.entries())
          for (const b of palette.slice(i + 1))
            expect(colorDistance(a.hex, b.hex)).toBeGreaterThanOrEqual(MIN_DISTANCE);
        expect(new Set(palette.map((c) => c.name.split('.')[0])).size).toBe(palette.length);
      });

  it('contrast is the WCAG ratio (black on white 21:1, equal colours 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#777777')).toBe(1);
  });
});
