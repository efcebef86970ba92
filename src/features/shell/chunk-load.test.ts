import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError } from './chunk-load.ts';

describe('lazy chunk failures (spec section 9)', () => {
  it('the time-out is 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it.each([
    ['Chrome', 'Failed to fetch dynamically imported module: http://localhost/assets/basicinquiry-x1.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Firefox', 'error loading dynamically imported module: http://localhost/assets/basicinquiry-x1.js'],
    ['Vite CSS preload', 'Unable to preload CSS for /assets/index-x1.css'],
  ])('recognises the %s message', (_browser, message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('other errors are not chunk failures', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' })).toBe(false);
  });
});
