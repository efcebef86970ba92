import { describe, expect, it } from 'vitest';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { cellOf } from './cells.ts';
import { EXPORT_WORDS } from './labels.ts';

// Only the fields these cells read; the rest of a row does not matter here.
const device = {
  colour: 'Midnight Green',
  carrier: 'Unlocked',
  carrier_country: 'United States',
  sale_country: 'China',
  model: 'iPhone 13',
  replaced: 'no',
  warranty_type: 'applecare_plus',
} as unknown as DeviceResultRow;

describe('export cells', () => {
  it('writes colours, carriers and countries in the export language (issue 27)', () => {
    const zh = (c: Parameters<typeof cellOf>[1]) => cellOf(device, c, EXPORT_WORDS.zh, 'zh');
    expect([zh('colour'), zh('carrier'), zh('carrier_country'), zh('sale_country')]).toEqual([
      '暗夜绿色',
      '无锁',
      '美国',
      '中国',
    ]);
    expect(cellOf(device, 'carrier', EXPORT_WORDS.es, 'es')).toBe('Libre');
    expect(cellOf(device, 'colour', EXPORT_WORDS.en, 'en')).toBe('Midnight Green');
    expect(zh('replaced')).toBe('否');
    expect(zh('warranty_type')).toBe(EXPORT_WORDS.zh.warranty.applecare_plus);
  });

  it('keeps a value no table knows, and proper names, as answered', () => {
    expect(cellOf({ ...device, colour: 'Cosmic Orange' }, 'colour', EXPORT_WORDS.zh, 'zh')).toBe(
      'Cosmic Orange',
    );
    expect(cellOf(device, 'model', EXPORT_WORDS.zh, 'zh')).toBe('iPhone 13');
  });
});
