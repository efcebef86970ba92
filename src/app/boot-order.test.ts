import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadOpeningRoute } from './boot-order.ts';
import { createAppRouter } from './router.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('the start of the app (issue 15, offline cold start)', () => {
  it("asks for the code of every route of the page being opened before the router's first render", () => {
    window.location.hash = '#/app/dashboards/default';
    const router = createAppRouter();
    const asked: string[] = [];
    vi.spyOn(router, 'loadRouteChunk').mockImplementation((route) => {
      asked.push(route.id);
      return Promise.resolve();
    });
    preloadOpeningRoute(router);
    expect(asked).toEqual(['__root__', '/app', '/app/dashboards/default']);
  });
});
