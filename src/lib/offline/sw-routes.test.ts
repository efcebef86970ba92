import { describe, expect, it } from 'vitest';
import { SHELL_CACHE } from './sw-protocol.ts';
import { SHELL_PAGE_CACHE_PREFIX, shellPageCache, staticRoutes } from './sw-routes.ts';

const origin = 'https://shop.example';
const routes = staticRoutes('abc123');
const ruleFor = (url: string, mode: RequestMode, method = 'GET') =>
  routes.find(
    ({ condition }) =>
      condition.urlPattern.test(new URL(url, origin).href) &&
      (condition.requestMethod ?? method) === method &&
      (condition.requestMode ?? mode) === mode,
  );

describe("the service worker's static routes", () => {
  it("answer the shell's navigation from this version's page cache", () => {
    expect(ruleFor('/', 'navigate')?.source).toEqual({ cacheName: shellPageCache('abc123') });
    // Every route of the app is after the #, which is never part of the request.
    expect(ruleFor('/#/app/dashboards/default', 'navigate')?.source).toEqual({
      cacheName: `${SHELL_PAGE_CACHE_PREFIX}abc123`,
    });
  });

  it('leave to the fetch handler what the page cache does not hold under that URL', () => {
    // A static route's miss goes to the network, offline too: only the exact cached URL is routed.
    expect(ruleFor('/?utm=1', 'navigate')).toBeUndefined();
    expect(ruleFor('/index.html', 'navigate')).toBeUndefined();
    expect(ruleFor('/', 'cors')).toBeUndefined();
    expect(ruleFor('/', 'navigate', 'POST')).toBeUndefined();
  });

  it('read hashed assets from the precache, and nothing else', () => {
    expect(ruleFor('/assets/index-DIjeQh1q.js', 'cors')?.source).toEqual({ cacheName: SHELL_CACHE });
    expect(ruleFor('/api/admin/employee_list', 'cors', 'POST')).toBeUndefined();
    expect(ruleFor('/sw.js', 'same-origin')).toBeUndefined();
    expect(ruleFor('/manifest.webmanifest', 'cors')).toBeUndefined();
  });

  it('give each version its own page cache, so a waiting update reaches no page', () => {
    expect(shellPageCache('v1')).not.toBe(shellPageCache('v2'));
    expect(shellPageCache('v1').startsWith(SHELL_PAGE_CACHE_PREFIX)).toBe(true);
  });
});
