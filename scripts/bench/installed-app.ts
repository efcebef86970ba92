// The installed, signed-in PWA that the offline benches start from (offline-bench.ts, offline-ab.ts).
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '#tests/setup/chromium.ts';
import { LANDING_PATH } from '#src/features/shell/landing.ts';

/** The landing page's address, where the benches open the app (the home route redirects there). */
export const LANDING_URL = `/#${LANDING_PATH}`;

/** scripts/e2e-server.ts's puzzle answer (importing that file would start a server). */
const E2E_PUZZLE_X = 150;

/** A POST to the e2e server's API; refuses anything but errcode 0. */
export async function api<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { errcode: number; msg: string; datas: T };
  if (answer.errcode !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.datas;
}

/** Signs the demo shop's Admin in through the API (the slider is the e2e suite's). */
export async function signInAdmin(base: string): Promise<{ token: string; userId: number }> {
  const puzzle = await api<{ uniqid: string }>(base, '/api/login/tncode', {});
  const login = await api<{ token: string; user_id: number }>(base, '/api/login/login', {
    username: 'admin',
    password: 'repair2026',
    tn_r: E2E_PUZZLE_X,
    uniqid: puzzle.uniqid,
  });
  return { token: login.token, userId: login.user_id };
}

/** A context of the signed-in Admin with the service worker installed and in control, its page open. */
export async function installedContext(
  browser: Browser,
  base: string,
): Promise<{ context: BrowserContext; page: Page; userId: number; token: string }> {
  const { token, userId } = await signInAdmin(base);
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  return { context, page: await openSignedIn(context, token), userId, token };
}

/** A page of `context` signed in with `token`, on the landing page, its service worker in control. */
export async function openSignedIn(context: BrowserContext, token: string): Promise<Page> {
  await context.addInitScript((t) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', t);
  }, token);
  const page = await context.newPage();
  await page.goto(LANDING_URL);
  await page.getByTestId('current-user').waitFor();
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
  return page;
}

/**
 * The signed-in Admin in a persistent profile at `dir` (on disk, as an installed app has; Playwright's
 * new contexts are off-the-record), the service worker installed and in control.
 */
export async function installedPersistentContext(
  dir: string,
  at: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { token } = await signInAdmin(at);
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
    baseURL: at,
    viewport: { width: 1280, height: 800 },
  });
  return { context, page: await openSignedIn(context, token) };
}
