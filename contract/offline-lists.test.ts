import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { keepsAnswer, OFFLINE_LIST_PATHS } from './offline-lists.ts';

describe('the service worker allow-list of offline lists', () => {
  it('names only endpoints of the contract', () => {
    const paths = new Set(Object.values(endpoints).map((e) => e.path as string));
    for (const path of OFFLINE_LIST_PATHS) expect(paths.has(path), path).toBe(true);
  });

  it('never names a write (an input with request_id) or a session call', () => {
    for (const endpoint of Object.values(endpoints)) {
      if (!OFFLINE_LIST_PATHS.includes(endpoint.path)) continue;
      // A write declares request_id, so parsing keeps it; a list drops it as an unknown field.
      const parsed = endpoint.input.safeParse({ request_id: 'abcdefgh-1234' });
      if (parsed.success) expect(parsed.data, endpoint.path).not.toHaveProperty('request_id');
      expect(endpoint.path).not.toMatch(/login|quit|ws_auth_code|sendsms/);
    }
  });
});

describe('which list answers the service worker keeps', () => {
  it('keeps a whole answer, not one of only what changed since a cursor', () => {
    expect(keepsAnswer('{"order_id":7}')).toBe(true);
    expect(keepsAnswer('{"page":1,"keyword":""}')).toBe(true);
    expect(keepsAnswer('{"order_id":7,"changed_since":1770000000000}')).toBe(false);
    expect(keepsAnswer('')).toBe(true);
  });
});
