import { expect, test, type Page } from '@playwright/test';
import { INSTALLED } from './offline.ts';
import { imeiOf, seedBatch } from './repairs-api.ts';
import { MAIN_PAGES } from '#tests/setup/main-pages.ts';
import { newShopWithPoints } from './shop.ts';

// New tabs of the installed app, as a shop opens them: under its service worker (decision 0065).
test.use(INSTALLED);

/**
 * Issue 27's page budget, second half: no page issues the same list call twice for one user action.
 * Every main page is opened in a new tab of the signed-in shop (its loader asks for its lists before
 * the shell's render, the page's queries then read them: decision 0054), and the repairs page's paid
 * refresh is clicked (its server events used to refetch the three lists 11 times in 8 s). Calls are
 * the page's own POSTs to /api/ (path and body); those the service worker makes are not the page's.
 */
/** The repairs page's three lists. */
const REPAIR_LISTS = ['/api/repair/batch_list', '/api/repair/device_list', '/api/repair/monitor_quota'];

function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (r.serviceWorker() || !url.pathname.startsWith('/api/')) return;
    calls.push(`${url.pathname} ${r.postData() ?? ''}`);
  });
  return calls;
}

/** Calls made more than once, with their count. */
function twice(calls: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

/** Waits until the page has made no API call for `quietMs` (bounded by `maxMs`). */
async function quiet(page: Page, calls: string[], quietMs = 1500, maxMs = 15_000): Promise<void> {
  const until = Date.now() + maxMs;
  let seen = -1;
  while (Date.now() < until && seen !== calls.length) {
    seen = calls.length;
    await page.waitForTimeout(quietMs);
  }
}

test('one user action, one call per list: every main page opened in a new tab, and a repairs refresh', async ({
  page,
  request,
  context,
}) => {
  // A bound, not a wait: 11 pages and a refresh on a shared machine.
  test.setTimeout(360_000);
  const { token } = await newShopWithPoints(page, request, 10_000);
  await seedBatch(request, token, '计数批次', [
    { ident: imeiOf(701), repair_ids: ['A310000001'], customer_name: '计一' },
    { ident: imeiOf(702), repair_ids: ['G310007920'], customer_name: '计二' },
  ]);
  await page.goto('/#/app/dashboards/default');
  await expect(page.getByTestId('current-user')).toBeVisible();

  for (const path of MAIN_PAGES) {
    await test.step(`open ${path} in a new tab`, async () => {
      const tab = await context.newPage();
      const calls = recordCalls(tab);
      await tab.goto(`/#${path}`);
      await expect(tab.getByTestId('current-user')).toBeVisible();
      await quiet(tab, calls);
      expect(twice(calls), `${path}: ${calls.join(' | ')}`).toEqual([]);
      await tab.close();
    });
  }

  await test.step('the repairs refresh: its lists asked for again at most once a second while answers come', async () => {
    await page.goto('/#/app/maintenance/maintenance');
    await page.getByTestId('batch-item').filter({ hasText: '计数批次' }).click();
    await page.getByTestId('select-all').check();
    await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', '2');
    const calls = recordCalls(page);
    const startedAt: Record<string, number[]> = {};
    page.on('request', (r) => {
      const list = REPAIR_LISTS.find((l) => r.url().endsWith(l));
      if (list && !r.serviceWorker()) (startedAt[list] ??= []).push(Date.now());
    });
    await page.getByTestId('bulk-refresh').click();
    await page.getByTestId('refresh-confirm-ok').click();
    await quiet(page, calls, 2000, 20_000);
    const perList = REPAIR_LISTS.map((list) => calls.filter((c) => c.startsWith(`${list} `)).length);
    test.info().annotations.push({ type: 'lists after the refresh', description: perList.join(', ') });
    // The refresh's own event, then the two devices' answers (~0.5 s apart from the sandbox): events
    // gathered, the lists asked for again at most once a MIN_GAP_MS (1 s, src/features/repairs/api/
    // refetch.ts; the gap measured here, in the test's process, may shrink by a little jitter).
    for (const [i, count] of perList.entries())
      expect(count, `${REPAIR_LISTS[i]}: ${calls.join(' | ')}`).toBeLessThanOrEqual(3);
    for (const [list, times] of Object.entries(startedAt))
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!, `${list}: fetched again too soon`).toBeGreaterThan(800);
    expect(
      calls.filter((c) => c.startsWith('/api/repair/refresh ')),
      'the refresh itself',
    ).toHaveLength(1);
  });
});
