import { describe, expect, it } from 'vitest';
import { buildSearchIndex, searchRows } from './search-index.ts';
import { mergeChangedDevices } from './merge-devices.ts';
import { device } from './test-fixtures.ts';

describe('search index', () => {
  const rows = [
    device(1, { input: 'F2LXK1ABHG7F', sn: 'F2LXK1ABHG7F' }),
    device(2, { input: '352099001761481', imei: '352099001761481', imei2: '352099001761499' }),
    device(3, { input: 'c39xq2abjc6m', sn: 'C39XQ2ABJC6M', imei: '356728112345678' }),
  ];
  const index = buildSearchIndex(rows);

  it('finds a part of an SN or any IMEI, in any case', () => {
    expect(searchRows(rows, index, 'hg7').map((r) => r.id)).toEqual([1]);
    expect(searchRows(rows, index, '1499').map((r) => r.id)).toEqual([2]);
    expect(searchRows(rows, index, ' 3567 ').map((r) => r.id)).toEqual([3]);
    expect(searchRows(rows, index, 'C39x').map((r) => r.id)).toEqual([3]);
  });

  it('a blank search shows every row (the same array)', () => {
    expect(searchRows(rows, index, '  ')).toBe(rows);
  });

  it('filters 10,000 rows in well under 50 ms', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      device(i, { imei: String(350000000000000 + i * 7) }),
    );
    const big = buildSearchIndex(many);
    const start = performance.now();
    const found = searchRows(many, big, '3500000000012');
    expect(performance.now() - start).toBeLessThan(50);
    expect(found.length).toBeGreaterThan(0);
  });
});

describe('mergeChangedDevices', () => {
  const rows = [device(1), device(2), device(4)];

  it('replaces changed rows in place and appends new ones by id', () => {
    const merged = mergeChangedDevices(rows, [device(2, { status: 'success' }), device(3)]);
    expect(merged.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(merged[1]?.status).toBe('success');
    expect(rows[1]?.status).toBe('pending');
  });

  it('nothing changed: the same array', () => {
    expect(mergeChangedDevices(rows, [])).toBe(rows);
  });
});
