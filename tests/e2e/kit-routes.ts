import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { templatePages } from '#src/features/template-kit/menu-tree.ts';

/** Every route of the spec's route table (section 2) that a signed-in employee opens. */
export const SPEC_APP_ROUTES = [
  '/app/dashboards/default',
  '/app/dashboards/hotphone',
  '/app/dashboards/phoneDetail',
  '/app/quiry/basicinquiry',
  '/app/quiry/managementDetail',
  '/app/shoppingcenter/shoppingcenter',
  '/app/personalcenter',
  '/app/downloadCenter',
  '/app/pointrecord',
  '/app/accountmanagement',
  '/app/rechargerecord',
  '/app/maintenance/maintenance',
  '/app/maintenance/orderDetail',
  '/app/search/search',
  '/orderAlipay',
  '/error',
  '/unauthorized',
  '/blank-page',
  '/no/such/page',
];

/** The spec's routes a signed-out visitor opens (/user redirects to login). */
export const SPEC_PUBLIC_ROUTES = [
  '/user/login',
  '/user/register',
  '/user/forgot-password',
  '/user/reset-password',
];

/** Blank by the spec (section 2: "Blank page"): the empty-body check does not apply. */
export const BLANK_BY_SPEC = ['/blank-page', '/app/search/search'];

/**
 * Routes still showing the "being built" page on main, each owned by a branch at work now or by a
 * later issue. THE LEAD EMPTIES THIS LIST as those land: a route listed here that is no longer a
 * placeholder is reported (annotation "built: remove from PENDING_ON_MAIN"); any route not listed
 * here that shows the placeholder fails the walk.
 */
export const PENDING_ON_MAIN: readonly string[] = [];

/** Every template route (spec section 2), survey/{id} included. */
export const TEMPLATE_ROUTES = [...templatePages(), '/app/applications/survey/1'];

/**
 * English source texts that must not show on a Chinese page: the catalogue's messages whose Chinese
 * differs, long enough (two words, 12 characters) not to be a name or a unit by chance.
 */
export function englishSourceTexts(): string[] {
  // The app's catalog and the sign-in page's (decision 0025).
  const po = ['locales/zh.po', 'locales/sign-in/zh.po']
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n\n');
  const texts: string[] = [];
  for (const block of po.split('\n\n')) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (!id || !str || id === str) continue;
    if (id.length < 12 || !id.includes(' ') || /[{<]/.test(id)) continue;
    texts.push(id.replaceAll('\\"', '"'));
  }
  return texts;
}

/**
 * Waits until the page has settled: no loader shown in the main area, its own text shown, and the text unchanged
 * over two polls 100 ms apart (lazy pages mount, then their queries answer). Adaptive rather than a
 * fixed sleep: a settled page costs ~200 ms, a busy machine only waits as long as it needs.
 *
 * `liveAfterMs`: also done once the page has shown its content without a loader for that long, its
 * text still changing: the demo shop's point record and download center gain rows while the other
 * worker's tests write to the same shop.
 *
 * On a timeout the error says what held the page: the loaders in the main area (where, and whether
 * shown), its own text's length, and how often the text changed. A layout test once timed out on an
 * empty download center that its failure screenshot showed settled, with nothing to say why.
 */
export async function settled(page: Page, blank = false, liveAfterMs = Infinity): Promise<void> {
  await page.evaluate(() => {
    const probe = window as {
      __settledText?: string;
      __readySince?: number;
      __settledWhy?: unknown;
      __seenText?: string;
    };
    probe.__settledText = undefined;
    probe.__seenText = undefined;
    probe.__readySince = undefined;
    probe.__settledWhy = { changes: 0 };
  });
  try {
    await page.waitForFunction(
      ({ blank, liveAfterMs }) => {
        const probe = window as {
          __settledText?: string;
          __readySince?: number;
          __settledWhy?: { changes: number; readyForMs?: number };
          __seenText?: string;
        };
        const root = document.querySelector('main') ?? document.body;
        const text = document.body.innerText.trim();
        // The page's own content, not the shell's header or the breadcrumb (a lazy page may not be there yet).
        const crumbs = root.querySelector('.mantine-Breadcrumbs-root') as HTMLElement | null;
        const own = (root as HTMLElement).innerText.replace(crumbs?.innerText ?? '', '').trim();
        const loaders = [...root.querySelectorAll<HTMLElement>('.mantine-Loader-root')];
        // A loader the user cannot see (in a closed panel, display: none) holds nothing up.
        const ready = !loaders.some((l) => l.checkVisibility()) && (blank || own.length > 0);
        const stable = ready && probe.__settledText === text;
        const changes = (probe.__settledWhy?.changes ?? 0) + (probe.__seenText !== text ? 1 : 0);
        probe.__seenText = text;
        const why = {
          changes,
          ownLength: own.length,
          loaders: loaders.map((l) => {
            const path: string[] = [];
            for (let at: HTMLElement | null = l; at && at !== root && path.length < 6; at = at.parentElement)
              path.push(at.dataset.testid ?? at.className.split(' ')[0] ?? at.tagName);
            return `${l.checkVisibility() ? 'shown' : 'hidden'}: ${path.join(' < ')}`;
          }),
        };
        probe.__settledText = ready ? text : undefined;
        probe.__readySince = ready ? (probe.__readySince ?? performance.now()) : undefined;
        probe.__settledWhy = {
          ...why,
          readyForMs:
            probe.__readySince === undefined ? 0 : Math.round(performance.now() - probe.__readySince),
        };
        return stable || (ready && performance.now() - probe.__readySince! >= liveAfterMs);
      },
      { blank, liveAfterMs },
      { timeout: 15_000, polling: 100 },
    );
  } catch (error) {
    const why = await page
      .evaluate(() => JSON.stringify((window as { __settledWhy?: unknown }).__settledWhy))
      .catch(() => 'the page could not be read');
    throw new Error(`${page.url()} did not settle: ${why}`, { cause: error });
  }
}

/** The text of the page's own content (the app's main area without the breadcrumb), or the body's. */
export async function contentText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return document.body.innerText.trim();
    const clone = main.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('.mantine-Breadcrumbs-root').forEach((n) => n.remove());
    document.body.appendChild(clone);
    clone.style.position = 'absolute';
    const text = clone.innerText.trim();
    clone.remove();
    return text;
  });
}

export async function expectNoPlaceholder(page: Page, route: string): Promise<'pending' | 'built'> {
  const pending = await page.getByTestId('pending-page').count();
  if (!PENDING_ON_MAIN.includes(route)) expect(pending, `${route} shows the placeholder page`).toBe(0);
  return pending ? 'pending' : 'built';
}
