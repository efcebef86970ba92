import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('search params', () => {
  it('keeps digit text the router would change as text, numbers that print back as numbers', () => {
    expect(parseSearch('?order_id=12&q=12345678901234567890')).toEqual({
      order_id: 12,
      q: '12345678901234567890',
    });
    expect(parseSearch('?q=0123')).toEqual({ q: '0123' });
    expect(parseSearch('?q=1e5')).toEqual({ q: '1e5' });
    expect(parseSearch('?q=353256100123456')).toEqual({ q: 353256100123456 });
  });

  it('an all-digit search written by the app reads back as the same text', () => {
    for (const q of ['353256100123456', '12345678901234567890', '0123', 'F2LX1234']) {
      expect(parseSearch(stringifySearch({ order_id: 7, q }))).toEqual({ order_id: 7, q });
    }
  });
});
