import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeProblems } from './axe.ts';
import {
  BLANK_BY_SPEC,
  PENDING_ON_MAIN,
  SPEC_APP_ROUTES,
  SPEC_PUBLIC_ROUTES,
  TEMPLATE_ROUTES,
  contentText,
  englishSourceTexts,
  expectNoPlaceholder,
  settled,
} from './kit-routes.ts';
import { INSTALLED } from './offline.ts';
import { signInFast } from './session.ts';
import { shopWordProblems } from './shop-words.ts';

/**
 * Walks every route of the spec's route table and every template route, in English and in Chinese,
 * and fails on a placeholder page (outside PENDING_ON_MAIN), an empty page, a console error or an
 * English source text left on a Chinese page. One walk checks several things on each page it opens
 * (decision 0057: the same pages used to be walked three more times):
 * - on the product routes (spec section 2), the words a shop should not see (issue 27, decision 0044;
 *   tests/e2e/shop-words.ts): shop-words.spec.ts keeps the detail pages opened on real ids;
 * - on the template routes, axe's serious and critical violations in main: every rule in the light
 *   Chinese pass, the colour rules in the English pass, which is walked in the dark scheme (issue 14).
 */
const ENGLISH = englishSourceTexts();

// Every route as the installed app opens it, under its service worker (decision 0065): one browser
// context per slice, so its install costs the walk little.
test.use(INSTALLED);

/** The axe rules whose outcome changes with the colour scheme: the dark pass checks these alone. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** What the checks beyond the walk's own found on a slice, each line naming its route. */
interface Findings {
  axe: string[];
  words: string[];
}

/** Serious and critical axe violations in the page's main area, one line each, naming the route. */
async function axeFindings(page: Page, route: string, rules?: string[]): Promise<string[]> {
  return (await axeProblems(page, { include: 'main', rules })).map((line) => `${route} ${line}`);
}

/**
 * What the shop typed itself is its data, not a key: usernames may hold "_" (other specs of the same
 * server add employees such as off_<run>), so they are left out of the words check.
 */
async function shopUsernames(request: APIRequestContext, token: string): Promise<Set<string>> {
  const answer = await (
    await request.post('/api/admin/employee_list', { headers: { token }, data: { page_size: 100 } })
  ).json();
  if (answer.errcode !== 0) throw new Error(`employee_list: ${answer.msg}`);
  return new Set((answer.datas.list as { username: string }[]).map((e) => e.username));
}

/** The words a shop should not see on this page's text, without what the shop typed itself. */
const wordProblems = (text: string, lang: 'en' | 'zh', typedByShop: ReadonlySet<string>) =>
  shopWordProblems(text, lang).filter((p) => ![...typedByShop].some((typed) => p === `key "${typed}"`));

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function walk(
  page: Page,
  routes: string[],
  lang: 'en' | 'zh',
  errors: string[],
  found: Findings,
  typedByShop: ReadonlySet<string>,
) {
  const texts = new Map<string, string>();
  for (const route of routes) {
    await test.step(`${lang} ${route}`, async () => {
      const before = errors.length;
      await page.goto(`/#${route}`);
      await settled(page, BLANK_BY_SPEC.includes(route));
      const state = await expectNoPlaceholder(page, route);
      if (state === 'built' && PENDING_ON_MAIN.includes(route)) {
        test.info().annotations.push({ type: 'built: remove from PENDING_ON_MAIN', description: route });
      }
      // settled() can pass on the previous page's text while the next lazy page's code still comes
      // (CI, 2026-11-28: main held only the breadcrumb for a moment): an empty page stays empty for 10 s.
      if (!BLANK_BY_SPEC.includes(route))
        await expect
          .poll(async () => (await contentText(page)).length, {
            message: `${route} is empty`,
            timeout: 10_000,
          })
          .toBeGreaterThan(0);
      const text = await contentText(page);
      expect(errors.slice(before), `console errors on ${route}`).toEqual([]);
      const body = await page.evaluate(() => document.body.innerText);
      if (lang === 'zh') {
        const left = ENGLISH.filter((source) => body.includes(source));
        expect(left, `English left on ${route}`).toEqual([]);
      }
      const product = SPEC_APP_ROUTES.includes(route) || SPEC_PUBLIC_ROUTES.includes(route);
      if (product)
        found.words.push(...wordProblems(body, lang, typedByShop).map((p) => `${route} (${lang}): ${p}`));
      if (TEMPLATE_ROUTES.includes(route))
        found.axe.push(...(await axeFindings(page, route, lang === 'en' ? COLOUR_RULES : undefined)));
      texts.set(route, text);
    });
  }
  return texts;
}

/** Fails the test on every finding of the slice at once (one run names every page with a problem). */
function expectNoFindings(found: Findings) {
  expect(found.words, 'words a shop should not see (tests/e2e/shop-words.ts)').toEqual([]);
  expect(found.axe, 'serious or critical axe violations').toEqual([]);
}

/**
 * The signed-in routes in slices of about 12: each slice is a test of its own (en, then zh, then the
 * en/zh comparison), so the workers share the walk and each test has a bound that fits its size
 * instead of one 134-visit test against a single 5-minute bound.
 */
const ROUTES = [...SPEC_APP_ROUTES, ...TEMPLATE_ROUTES];
const SLICES = Math.ceil(ROUTES.length / 12);
const slices = Array.from({ length: SLICES }, (_, i) =>
  ROUTES.slice(Math.floor((i * ROUTES.length) / SLICES), Math.floor(((i + 1) * ROUTES.length) / SLICES)),
);

test.describe.configure({ mode: 'parallel' });

for (const [index, routes] of slices.entries()) {
  test(`route walk ${index + 1}/${SLICES}: spec and template routes in English and Chinese (${routes[0]} …)`, async ({
    page,
    request,
  }) => {
    // A bound, not a wait: ~1 s a visit when the machine is quiet (~2 s where axe reads a template
    // page), up to 4 times that under load.
    test.setTimeout(30_000 + routes.length * 2 * 8_000);
    const errors = watchErrors(page);
    const found: Findings = { axe: [], words: [] };
    // English in the dark scheme (its axe pass checks the colour rules), Chinese in the light one.
    await page.addInitScript(() => {
      localStorage.setItem('language', 'en');
      localStorage.setItem('themeColor', 'dark.blueolympic');
    });
    const token = await signInFast(page, request);
    const typedByShop = await shopUsernames(request, token);
    await page.goto('/#/app/dashboards/default');
    await expect(page.getByTestId('current-user')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    const en = await walk(page, routes, 'en', errors, found, typedByShop);

    await page.evaluate(() => {
      localStorage.setItem('language', 'zh');
      localStorage.setItem('themeColor', 'light.blueolympic');
    });
    await page.addInitScript(() => {
      localStorage.setItem('language', 'zh');
      localStorage.setItem('themeColor', 'light.blueolympic');
    });
    // The slice may end on a page without the shell (404, /error): reload into one that has it.
    await page.goto('/#/app/dashboards/default');
    await page.reload();
    await expect(page.getByTestId('current-user')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
    const zh = await walk(page, routes, 'zh', errors, found, typedByShop);

    // A page whose Chinese text equals its English one was not translated at all.
    for (const route of routes) {
      const english = en.get(route) ?? '';
      if (english.length > 20) expect(zh.get(route), `${route} is the same in zh and en`).not.toBe(english);
    }
    expectNoFindings(found);
  });
}

test('route walk: the public routes, signed out', async ({ page }) => {
  const errors = watchErrors(page);
  const found: Findings = { axe: [], words: [] };
  for (const lang of ['en', 'zh'] as const) {
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.goto('/#/user/login');
    await page.reload();
    await walk(page, SPEC_PUBLIC_ROUTES, lang, errors, found, new Set());
  }
  expectNoFindings(found);
});
