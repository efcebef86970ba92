import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadOpeningRoute } from './boot-order.ts';
import { createAppRouter } from './router.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  window.location.hash = '';
});

/** The routes whose code the boot asks for when the app opens at `hash`, and the location it preloads. */
function bootAt(hash: string): { code: string[]; preloaded: unknown[] } {
  window.location.hash = hash;
  const router = createAppRouter();
  const code: string[] = [];
  const preloaded: unknown[] = [];
  vi.spyOn(router, 'loadRouteChunk').mockImplementation((route) => {
    code.push(route.id);
    return Promise.resolve();
  });
  vi.spyOn(router, 'preloadRoute').mockImplementation((options) => {
    preloaded.push(options);
    return Promise.resolve(undefined);
  });
  preloadOpeningRoute(router);
  return { code, preloaded };
}
const askedAt = (hash: string) => bootAt(hash).code;

describe('the start of the app (issue 15, offline cold start)', () => {
  it("asks for the code of every route of the page being opened before the router's first render", () => {
    expect(askedAt('#/app/quiry/basicinquiry')).toEqual(['__root__', '/app', '/app/quiry/basicinquiry']);
  });

  it("opened at / (the installed app's start_url), asks for the landing page's code, not after the redirect", () => {
    expect(askedAt('#/')).toEqual(['__root__', '/app', '/app/dashboards/default']);
  });

  it("runs the opened page's loaders at once (its lists asked for before the shell's render, decision 0054)", () => {
    expect(bootAt('#/app/maintenance/maintenance?progress=fixing').preloaded).toEqual([
      { to: '/app/maintenance/maintenance', search: { progress: 'fixing' } },
    ]);
  });
});
