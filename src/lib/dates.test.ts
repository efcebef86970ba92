import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDateTime } from './dates.ts';

describe('formatDateTime (spec section 9 date filter)', () => {
  it('reads values above 1e12 as milliseconds and others as seconds', () => {
    const ms = 1_700_000_000_123;
    expect(formatDateTime(ms)).toBe(dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));
    expect(formatDateTime(1_700_000_000)).toBe(dayjs(1_700_000_000_000).format('YYYY-MM-DD HH:mm:ss'));
    expect(formatDateTime('1700000000')).toBe(formatDateTime(1_700_000_000));
  });

  it('shows nothing for empty, zero or unparseable values', () => {
    expect(formatDateTime(0)).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});
