import { expect, test, type Page } from '@playwright/test';
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
import { signInFast } from './session.ts';

/**
 * Walks every route of the spec's route table and every template route, in English and in Chinese,
 * and fails on a placeholder page (outside PENDING_ON_MAIN), an empty page, a console error or an
 * English source text left on a Chinese page.
 */
const ENGLISH = englishSourceTexts();

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function walk(page: Page, routes: string[], lang: 'en' | 'zh', errors: string[]) {
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
      const text = await contentText(page);
      if (!BLANK_BY_SPEC.includes(route)) expect(text.length, `${route} is empty`).toBeGreaterThan(0);
      expect(errors.slice(before), `console errors on ${route}`).toEqual([]);
      if (lang === 'zh') {
        const body = await page.evaluate(() => document.body.innerText);
        const left = ENGLISH.filter((source) => body.includes(source));
        expect(left, `English left on ${route}`).toEqual([]);
      }
      texts.set(route, text);
    });
  }
  return texts;
}

/**
 * The signed-in routes in slices of about 17: each slice is a test of its own (en, then zh, then the
 * en/zh comparison), so the two workers share the walk and each test has a bound that fits its size
 * instead of one 134-visit test against a single 5-minute bound.
 */
const ROUTES = [...SPEC_APP_ROUTES, ...TEMPLATE_ROUTES];
const SLICES = Math.ceil(ROUTES.length / 17);
const slices = Array.from({ length: SLICES }, (_, i) =>
  ROUTES.slice(Math.floor((i * ROUTES.length) / SLICES), Math.floor(((i + 1) * ROUTES.length) / SLICES)),
);

test.describe.configure({ mode: 'parallel' });

for (const [index, routes] of slices.entries()) {
  test(`route walk ${index + 1}/${SLICES}: spec and template routes in English and Chinese (${routes[0]} …)`, async ({
    page,
    request,
  }) => {
    // A bound, not a wait: ~1 s a visit when the machine is quiet, up to ~4 s under load.
    test.setTimeout(30_000 + routes.length * 2 * 4_000);
    const errors = watchErrors(page);
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await signInFast(page, request);
    await page.goto('/#/app/dashboards/default');
    await expect(page.getByTestId('current-user')).toBeVisible();
    const en = await walk(page, routes, 'en', errors);

    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.addInitScript(() => localStorage.setItem('language', 'zh'));
    // The slice may end on a page without the shell (404, /error): reload into one that has it.
    await page.goto('/#/app/dashboards/default');
    await page.reload();
    await expect(page.getByTestId('current-user')).toBeVisible();
    const zh = await walk(page, routes, 'zh', errors);

    // A page whose Chinese text equals its English one was not translated at all.
    for (const route of routes) {
      const english = en.get(route) ?? '';
      if (english.length > 20) expect(zh.get(route), `${route} is the same in zh and en`).not.toBe(english);
    }
  });
}

test('route walk: the public routes, signed out', async ({ page }) => {
  const errors = watchErrors(page);
  for (const lang of ['en', 'zh'] as const) {
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.goto('/#/user/login');
    await page.reload();
    await walk(page, SPEC_PUBLIC_ROUTES, lang, errors);
  }
});
