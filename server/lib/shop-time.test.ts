import { describe, expect, it } from 'vitest';
import { localStamp } from './shop-time.ts';

describe('localStamp', () => {
  it('reads the wall clock of the shop, not UTC', () => {
    // 23:30 UTC on 26 Nov is 07:30 on 27 Nov in Shanghai.
    const at = Date.parse('2026-11-26T23:30:15Z');
    expect(localStamp('Asia/Shanghai', at)).toBe('20261127073015');
    expect(localStamp('Europe/Madrid', at)).toBe('20261127003015');
    expect(localStamp('America/Mexico_City', at)).toBe('20261126173015');
    expect(localStamp('Not/AZone', at)).toBe('20261127073015');
  });
});
