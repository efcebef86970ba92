import { describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';

const cleared: number[] = [];
vi.mock('#src/ui/notify.ts', () => ({
  FRESH_TOAST_MS: 1000,
  clearStaleToasts: (before: number) => cleared.push(before),
}));
const { STALE_AFTER_MS, clearToastsOnRouteChange } = await import('./stale-toasts.ts');

/** A router that only dispatches the two events the wiring listens to. */
function fakeRouter() {
  const listeners = new Map<string, (event: { pathChanged: boolean }) => void>();
  const router = {
    subscribe: (type: string, fn: (event: { pathChanged: boolean }) => void) => {
      listeners.set(type, fn);
      return () => listeners.delete(type);
    },
  } as unknown as AnyRouter;
  const emit = (type: string, pathChanged: boolean) => listeners.get(type)?.({ pathChanged });
  return { router, emit, listeners };
}

describe('stale toasts go when the page changes (issue 27)', () => {
  it('clears what was raised before the move started, and at least a second old', () => {
    cleared.length = 0;
    let now = 10_000;
    const { router, emit } = fakeRouter();
    clearToastsOnRouteChange(router, () => now);
    now = 20_000;
    emit('onBeforeNavigate', true);
    now = 20_200;
    emit('onResolved', true);
    expect(cleared).toEqual([20_200 - STALE_AFTER_MS]);
    now = 30_000;
    emit('onBeforeNavigate', true);
    now = 32_000;
    emit('onResolved', true);
    expect(cleared.at(-1)).toBe(30_000);
  });

  it('leaves them when only the search changed (a filter, a tab)', () => {
    cleared.length = 0;
    const { router, emit, listeners } = fakeRouter();
    const stop = clearToastsOnRouteChange(router, () => 5_000);
    emit('onBeforeNavigate', false);
    emit('onResolved', false);
    expect(cleared).toEqual([]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
