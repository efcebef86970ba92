import { expect, test, type Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { DEFAULT_EXPORT_COLUMNS } from '#contract/schemas/checks-columns.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import { EXPORT_WORDS } from '#server/modules/exports/labels.ts';
import { newShopWithPoints } from './shop.ts';
import { axeProblems } from './axe.ts';

const DEVICES = Number(process.env.E2E_EXPORT_DEVICES ?? 10_000);
const imei = (n: number) => imeiWithCheckDigit(String(35325610000000 + n * 37));

/** The states the download center's rows go through while the page is open. */
async function watchStates(page: Page) {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {};
    (window as unknown as { exportStates: Record<string, string[]> }).exportStates = seen;
    new MutationObserver(() => {
      for (const row of document.querySelectorAll('[data-testid="export-row"]')) {
        const id = row.getAttribute('data-export-id') ?? '';
        const state = row.getAttribute('data-state') ?? '';
        const list = (seen[id] ??= []);
        if (list[list.length - 1] !== state) list.push(state);
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
}

async function downloadNewest(page: Page, id?: number): Promise<unknown[][]> {
  const row =
    id === undefined ? page.getByTestId('export-row').first() : page.locator(`[data-export-id="${id}"]`);
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByTestId('export-download').click(),
  ]);
  const path = await download.path();
  const sheets = await readXlsxFile(path);
  return (sheets[0] as { data: unknown[][] }).data;
}

test('a filtered export of a 10,000-device order runs with progress in the download center; the file has exactly the filtered rows and the chosen columns', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token } = await newShopWithPoints(page, request, 2_000_000);
  const api = async <D>(path: string, data: object) =>
    (await (await request.post(path, { data, headers: { token } })).json()) as {
      errcode: number;
      msg: string;
      datas: D;
    };
  const combos = await api<{ list: { id: number; code: string }[] }>('/api/checks/combo_list', {});
  const warranty = combos.datas.list.find((r) => r.code === 'warranty');
  const identifiers = Array.from({ length: DEVICES }, (_, i) => imei(i));
  const placed = await api<{ order_id: number }>('/api/checks/order_create', {
    title: 'E2E export',
    identifiers,
    service_ids: [warranty?.id],
  });
  expect(placed.errcode, placed.msg).toBe(0);
  const orderId = placed.datas.order_id;
  // The SN/IMEI search is a filter whose matches do not change while the checks run.
  const q = DEVICES >= 10_000 ? '3532561001' : '35325610000';
  const expected = identifiers.filter((id) => id.includes(q));
  expect(expected.length).toBeGreaterThan(10);
  expect(expected.length).toBeLessThan(DEVICES);

  // 1. From the order detail, with the filter in the URL: the user's export columns, headers in Chinese.
  await page.goto(`/#/app/quiry/managementDetail?order_id=${orderId}&q=${q}`);
  await page.getByTestId('export-excel').click();
  await page.getByTestId('open-download-center').click();
  await expect(page.getByRole('heading', { name: '下载中心' })).toBeVisible();
  const first = await downloadNewest(page);
  expect(first[0]).toEqual(DEFAULT_EXPORT_COLUMNS.map((c) => EXPORT_WORDS.zh.headers[c]));
  const imeiAt = DEFAULT_EXPORT_COLUMNS.indexOf('imei');
  expect(first.slice(1).map((r) => r[imeiAt])).toEqual(expected);

  // 2. With the download center open: another export (chosen columns, Spanish) shows its progress live.
  await watchStates(page);
  const started = await api<{ id: number }>('/api/exports/create', {
    order_id: orderId,
    columns: ['input', 'imei', 'tac_model'],
    filter: { q },
    lang: 'es',
  });
  expect(started.errcode, started.msg).toBe(0);
  const second = await downloadNewest(page, started.datas.id);
  const states = await page.evaluate(
    (id) => (window as unknown as { exportStates: Record<string, string[]> }).exportStates[String(id)] ?? [],
    started.datas.id,
  );
  expect(states).toContain('running');
  expect(states[states.length - 1]).toBe('done');
  expect(second[0]).toEqual(['Línea introducida', 'IMEI', 'Modelo TAC']);
  expect(second).toHaveLength(expected.length + 1);
  expect(second.slice(1).map((r) => [r[0], r[1]])).toEqual(expected.map((id) => [id, id]));
  await expect(page.getByTestId('export-row')).toHaveCount(2);
  expect(await axeProblems(page)).toEqual([]);
});
