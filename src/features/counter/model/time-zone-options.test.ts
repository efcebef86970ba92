import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zone-options.ts';

// A winter day: New York at GMT-05:00, Madrid at GMT+01:00.
const AT = new Date('2026-01-15T12:00:00Z');
const label = (locale: string, id: string, current = 'Asia/Shanghai') =>
  timeZoneOptions(locale, current, AT).find((o) => o.value === id)?.label;

describe('timeZoneOptions', () => {
  it('reads each zone in the shop language with its offset, keeping the id that is saved', () => {
    expect(label('zh', 'Asia/Shanghai')).toBe('GMT+08:00 中国标准时间 (Asia/Shanghai)');
    expect(label('en', 'Asia/Shanghai')).toBe('GMT+08:00 China Standard Time (Asia/Shanghai)');
    expect(label('es', 'Europe/Madrid')).toBe('GMT+01:00 hora de Europa central (Europe/Madrid)');
    // Chromium lists it as Asia/Calcutta; a shop saved as Asia/Kolkata still reads it.
    expect(label('en', 'Asia/Kolkata', 'Asia/Kolkata')).toBe('GMT+05:30 India Standard Time (Asia/Kolkata)');
  });

  it('says UTC once, not its offset twice', () => {
    expect(label('en', 'UTC')).toBe('GMT+00:00 (UTC)');
  });

  it('orders the zones west to east, by their offset on the day', () => {
    const values = timeZoneOptions('en', 'UTC', AT).map((o) => o.value);
    expect(values.indexOf('America/New_York')).toBeLessThan(values.indexOf('Europe/Madrid'));
    expect(values.indexOf('Europe/Madrid')).toBeLessThan(values.indexOf('Asia/Shanghai'));
    expect(values.indexOf('Asia/Calcutta')).toBeLessThan(values.indexOf('Asia/Shanghai'));
  });

  it("always offers the shop's own zone, even one this browser does not know", () => {
    const options = timeZoneOptions('zh', 'Mars/Olympus_Mons', AT);
    expect(options.find((o) => o.value === 'Mars/Olympus_Mons')).toEqual({
      value: 'Mars/Olympus_Mons',
      label: 'Mars/Olympus_Mons',
    });
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });
});
