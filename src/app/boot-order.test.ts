import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadOpeningRoute } from './boot-order.ts';
import { createAppRouter } from './router.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  window.location.hash = '';
});

/** The routes whose code the boot asks for when the app opens at `hash`. */
function askedAt(hash: string): string[] {
  window.location.hash = hash;
  const router = createAppRouter();
  const asked: string[] = [];
  vi.spyOn(router, 'loadRouteChunk').mockImplementation((route) => {
    asked.push(route.id);
    return Promise.resolve();
  });
  preloadOpeningRoute(router);
  return asked;
}

describe('the start of the app (issue 15, offline cold start)', () => {
  it("asks for the code of every route of the page being opened before the router's first render", () => {
    expect(askedAt('#/app/quiry/basicinquiry')).toEqual(['__root__', '/app', '/app/quiry/basicinquiry']);
  });

  it("opened at / (the installed app's start_url), asks for the landing page's code, not after the redirect", () => {
    expect(askedAt('#/')).toEqual(['__root__', '/app', '/app/dashboards/default']);
  });
});
