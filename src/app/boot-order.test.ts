import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { afterFirstPage, preloadOpeningRoute } from './boot-order.ts';
import { createAppRouter } from './router.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('the start of the app (issue 15, offline cold start)', () => {
  it("asks for the code of every route of the page being opened before the router's first render", () => {
    window.location.hash = '#/app/dashboards/default';
    const router = createAppRouter(new QueryClient());
    const asked: string[] = [];
    vi.spyOn(router, 'loadRouteChunk').mockImplementation((route) => {
      asked.push(route.id);
      return Promise.resolve();
    });
    preloadOpeningRoute(router);
    expect(asked).toEqual(['__root__', '/app', '/app/dashboards/default']);
  });

  it('runs what waits for the first page once, after the router rendered it', async () => {
    // The router's events, as far as afterFirstPage uses them.
    const listeners = new Set<() => void>();
    const router = {
      subscribe: (event: string, listener: () => void) => {
        expect(event).toBe('onRendered');
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } as unknown as Parameters<typeof afterFirstPage>[0];
    const run = vi.fn();
    afterFirstPage(router, run);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    for (const listener of [...listeners]) listener();
    for (const listener of [...listeners]) listener();
    await vi.waitFor(() => expect(run).toHaveBeenCalledOnce());
    expect(listeners.size).toBe(0);
  });
});
