import { describe, expect, it } from 'vitest';
import { SERVICE_CODES } from '#contract/values/checks-catalogue.ts';
import { WARRANTY_TYPES } from '#contract/values/checks-results.ts';
import { chartPalette, keyedColors, withTints } from './chart-palette.ts';

const palette = chartPalette('blueolympic', 'light');

describe('keyedColors (issue 27)', () => {
  it('gives a service the same colour whatever the others shown and their ranking', () => {
    const week = keyedColors(
      ['full_check', 'warranty', 'carrier', '__other'],
      SERVICE_CODES,
      palette,
      '__other',
    );
    const month = keyedColors(['warranty', 'id_blacklist', 'full_check', 'carrier'], SERVICE_CODES, palette);
    expect(month.get('warranty')).toEqual(week.get('warranty'));
    expect(month.get('carrier')).toEqual(week.get('carrier'));
    expect(week.get('__other')).toEqual(palette.at(-1));
  });

  it('never gives two shown keys one colour while colours last', () => {
    const shown = ['warranty', 'gsx_image', 'full_check', 'id_monitor', 'mdm_lock', '__other'];
    const colours = keyedColors(shown, SERVICE_CODES, palette, '__other');
    expect(new Set([...colours.values()].map((c) => c.hex)).size).toBe(shown.length);
  });

  it('tells the 8 warranty types apart on the donut', () => {
    const colours = keyedColors(WARRANTY_TYPES, WARRANTY_TYPES, withTints(palette));
    expect(new Set([...colours.values()].map((c) => c.hex)).size).toBe(WARRANTY_TYPES.length);
  });
});
