import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BLANK_BY_SPEC, settled } from './kit-routes.ts';
import { signInFast } from './session.ts';
import { shopWordProblems } from './shop-words.ts';

/**
 * Issue 27, "Done when": every product route, in English and in Chinese, with the demo shop's seeded
 * history on it (orders, devices, repairs, ledger rows; detail pages opened on real ids), shows no
 * snake_case key, no enum value in capitals, no "Error:" / "NetworkError" and no untranslated catalog
 * id (tests/e2e/shop-words.ts says exactly what counts). The routes of the spec's table, signed in and
 * signed out, are checked by route-walk.spec.ts as it walks them (decision 0057); this spec opens the
 * detail pages on real ids of the demo shop's data, which the walk does not.
 */

async function api<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  body: object = {},
): Promise<T> {
  const answer = await (await request.post(path, { headers: { token }, data: body })).json();
  if (answer.errcode !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.datas as T;
}

/** The product's detail pages on ids of the demo shop's data, so they are walked full. */
async function dataRoutes(request: APIRequestContext, token: string): Promise<string[]> {
  const orders = await api<{ list: { id: number; jobs_success: number }[] }>(
    request,
    token,
    '/api/checks/order_list',
    { page: 1, page_size: 20 },
  );
  const order = orders.list.find((o) => o.jobs_success > 0) ?? orders.list[0];
  expect(order, 'the demo shop has check orders').toBeTruthy();
  const results = await api<{ devices: { ident: string; model: string | null }[] }>(
    request,
    token,
    '/api/checks/order_results',
    { order_id: order!.id },
  );
  const checked = results.devices.find((d) => d.model) ?? results.devices[0];
  const repairs = await api<{ list: { id: number; ident: string }[] }>(
    request,
    token,
    '/api/repair/device_list',
    {
      page: 1,
      page_size: 20,
    },
  );
  const repair = repairs.list[0];
  expect(checked && repair, 'the demo shop has checked and repair devices').toBeTruthy();
  const model = encodeURIComponent(checked!.model ?? 'iPhone 13');
  return [
    `/app/quiry/managementDetail?order_id=${order!.id}`,
    `/app/maintenance/orderDetail?device_id=${repair!.id}`,
    `/app/maintenance/history?q=${checked!.ident}`,
    `/app/maintenance/history?q=${repair!.ident}`,
    `/app/dashboards/phoneDetail?model=${model}`,
    '/app/dashboards/devices',
    '/app/pointrecord?view=purchases',
  ];
}

/**
 * What the shop typed itself is its data, not a key: usernames may hold "_" (other specs of the
 * same server add employees such as off_<run>), so they are left out of the check.
 */
async function shopUsernames(request: APIRequestContext, token: string): Promise<Set<string>> {
  const { list } = await api<{ list: Array<{ username: string }> }>(
    request,
    token,
    '/api/admin/employee_list',
    {
      page_size: 100,
    },
  );
  return new Set(list.map((e) => e.username));
}

async function expectShopWords(
  page: Page,
  routes: string[],
  lang: 'zh' | 'en',
  typedByShop: ReadonlySet<string> = new Set(),
) {
  for (const route of routes) {
    await test.step(`${lang} ${route}`, async () => {
      await page.goto(`/#${route}`);
      // A page whose charts keep moving may never hold still for two polls on a busy machine: its
      // words are checked as they are then (placeholders and empty pages are route-walk.spec.ts's).
      await settled(page, BLANK_BY_SPEC.includes(route)).catch(() => undefined);
      const text = await page.evaluate(() => document.body.innerText);
      // Soft: one run names every page with a problem, not only the first.
      expect
        .soft(
          shopWordProblems(text, lang).filter(
            (p) => ![...typedByShop].some((typed) => p === `key "${typed}"`),
          ),
          `words a shop should not see on ${route} (${lang})`,
        )
        .toEqual([]);
    });
  }
}

test.describe.configure({ mode: 'parallel' });

for (const lang of ['zh', 'en'] as const) {
  test(`the detail pages read in a shop's words, with data (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    const token = await signInFast(page, request);
    const routes = await dataRoutes(request, token);
    await page.goto('/#/app/dashboards/default');
    await expect(page.getByTestId('current-user')).toBeVisible();
    await expectShopWords(page, routes, lang, await shopUsernames(request, token));
  });
}
