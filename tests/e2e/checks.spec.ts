import { expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { newShopWithPoints } from './shop.ts';
import { axeProblems } from './axe.ts';
import { BasicInquiryPage, OrderDetailPage } from './pages/checks-pages.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';

const imei = (n: number) => imeiWithCheckDigit(String(35325610000000 + n * 37));

/** Serial numbers of 12 characters without O or I (valid shapes). */
const SN_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const serial = (n: number) =>
  'F' +
  Array.from(
    { length: 11 },
    (_, i) => SN_LETTERS[(n * 7 + i * 13 + Math.floor(n / (i + 1))) % SN_LETTERS.length],
  ).join('');

/**
 * 200 lines: 180 valid devices (IMEIs and serials), 5 IMEIs with a wrong check digit, 4 serials
 * with an O or an I, 4 lines of a wrong length and 7 repeats.
 */
function sheetLines() {
  const valid = [
    ...Array.from({ length: 120 }, (_, i) => imei(i)),
    ...Array.from({ length: 60 }, (_, i) => serial(i)),
  ];
  const badLuhn = [0, 1, 2, 3, 4].map((i) => {
    const good = imei(500 + i);
    return good.slice(0, 14) + String((Number(good[14]) + 3) % 10);
  });
  const oOrI = ['F2LOK1ABHG7F', 'C39IQ2ABJC6M', 'DNPOQ2ABJC6M', 'F17IK1ABHG7F'];
  const badLength = ['35325610', 'F2LXK1ABH', '3532561000000012345', 'ABC'];
  const repeats = [valid[0], valid[10], valid[50], valid[121], valid[150], valid[179], valid[5]] as string[];
  return { valid, lines: [...valid, ...badLuhn, ...oOrI, ...badLength, ...repeats], badLuhn, oOrI };
}

test('import a 200-line XLSX, place the order, follow it to 100% and find every point in the ledger', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // 1000.00 points in a shop of its own: the demo shop stays as other specs expect it.
  const { token } = await newShopWithPoints(page, request, 100_000);
  const api = async (path: string, data: object = {}) =>
    (await (await request.post(path, { data, headers: { token } })).json()) as {
      errcode: number;
      datas: Record<string, unknown>;
    };
  const before = (await api('/api/user/point_record', { page: 1, page_size: 1 })).datas as {
    balance: number;
    total: number;
  };

  const { valid, lines, badLuhn, oOrI } = sheetLines();
  expect(lines).toHaveLength(200);
  const file = join(mkdtempSync(join(tmpdir(), 'checks-e2e-')), 'devices.xlsx');
  await writeXlsxFile([[{ value: 'IMEI' }], ...lines.map((value) => [{ value }])]).toFile(file);

  // The progress is pushed over socket.io: every frame the page receives is kept to check that.
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));

  const inquiry = new BasicInquiryPage(page);
  await inquiry.open();
  await page.getByLabel('订单标题').fill('E2E 200 台');
  await inquiry.importSheet(file);
  await expect.poll(() => inquiry.count('valid')).toBe(180);
  expect(await inquiry.count('invalid')).toBe(13);
  expect(await inquiry.count('duplicates')).toBe(7);
  const rejected = page.getByTestId('rejected-lines');
  await expect(rejected.locator('li')).toHaveCount(20);
  await expect(rejected.getByText(badLuhn[0] as string)).toBeVisible();
  await expect(rejected.locator('li', { hasText: badLuhn[0] })).toContainText('校验位不匹配');
  await expect(rejected.locator('li', { hasText: oOrI[0] })).toContainText('不会包含字母 O 或 I');
  await expect(rejected.locator('li', { hasText: 'F2LXK1ABH' }).first()).toContainText('长度不对');
  await expect(rejected.locator('li', { hasText: '与前面的行重复' })).toHaveCount(7);

  await page.getByTestId('service-warranty').check();
  // 180 devices x 0.50 points
  await expect(page.getByTestId('order-price-total')).toHaveText('90.00');
  await page.getByRole('button', { name: '提交订单' }).click();

  await expect(page).toHaveURL(/managementDetail\?order_id=\d+/);
  const detail = new OrderDetailPage(page);
  await expect(page.getByTestId('order-title')).toHaveText('E2E 200 台');
  await expect(detail.table()).toHaveAttribute('data-rows', '180');
  expect(await detail.points('price')).toBe(9000);
  // Live: the page moves on its own, without a reload, until every job has finished.
  await expect(detail.progress()).toHaveText('100%', { timeout: 150_000 });
  await expect(page.getByTestId('order-frozen')).toHaveText('0.00');
  expect(frames.some((f) => f.includes('"checks:progress"') && f.includes('"progress":100'))).toBe(true);
  const settled = await detail.points('settled');
  const refunded = await detail.points('refunded');
  expect(settled + refunded).toBe(9000);
  await expect(detail.table().locator('[data-testid=result-row][data-status=pending]')).toHaveCount(0);

  // SN/IMEI search
  await page.getByLabel('搜索序列号或 IMEI').fill((valid[3] as string).slice(-7));
  await expect(detail.table()).toHaveAttribute('data-rows', '1');

  // Balance = before - settled (failed jobs refunded), on the server and in the top bar.
  const after = (await api('/api/user/point_record', { page: 1, page_size: 1 })).datas as {
    balance: number;
    frozen: number;
    total: number;
  };
  expect(after.balance).toBe(before.balance - settled);
  expect(after.frozen).toBe(0);
  await expect(page.getByTestId('points')).toContainText(((before.balance - settled) / 100).toFixed(2));

  // The point record: one freeze and one settle or refund per job, every one of them listed.
  const order = (await api('/api/checks/order_list', { page: 1, page_size: 1 })).datas as {
    list: { jobs_total: number; jobs_success: number; jobs_failed: number }[];
  };
  const jobs = order.list[0]!;
  expect(jobs.jobs_success + jobs.jobs_failed).toBe(jobs.jobs_total);
  expect(after.total).toBe(before.total + 1 + jobs.jobs_total);
  await page.goto('/#/app/pointrecord');
  await expect(page.getByTestId('ledger-total')).toHaveText(`共 ${after.total} 条记录`);
  await expect(page.getByTestId('ledger-balance')).toHaveText(((before.balance - settled) / 100).toFixed(2));
  await page.getByLabel('记录类型').selectOption({ label: '已退还' });
  await expect(page.getByTestId('ledger-total')).toHaveText(`共 ${jobs.jobs_failed} 条记录`);
  await page.getByLabel('记录类型').selectOption({ label: '查询扣费' });
  await expect(page.getByTestId('ledger-total')).toHaveText(`共 ${jobs.jobs_success} 条记录`);
  await expect(page.getByTestId('ledger-row').first()).toContainText('E2E 200 台');
});

test('the checks pages are accessible: labels, table roles, contrast', async ({ page, request }) => {
  const { token } = await newShopWithPoints(page, request, 10_000);
  const services = await (
    await request.post('/api/checks/combo_list', { data: {}, headers: { token } })
  ).json();
  const warranty = services.datas.list.find((s: { code: string }) => s.code === 'warranty').id;
  const created = await (
    await request.post('/api/checks/order_create', {
      data: { title: 'A11y', identifiers: [imei(1), imei(2), 'F2LXK1ABHG7F'], service_ids: [warranty] },
      headers: { token },
    })
  ).json();
  expect(created.errcode).toBe(0);

  const inquiry = new BasicInquiryPage(page);
  await inquiry.open();
  await page.getByTestId('paste-box').fill(`${imei(3)}\nF2LOK1ABHG7F`);
  await expect(page.getByTestId('rejected-lines')).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  expect(await axeProblems(page)).toEqual([]);

  await page.goto(`/#/app/quiry/managementDetail?order_id=${created.datas.order_id}`);
  await expect(page.getByTestId('results-table')).toHaveAttribute('data-rows', '3');
  expect(await axeProblems(page)).toEqual([]);
  // The jobs of a device open from its status, by keyboard too.
  await page.getByTestId('device-status').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('device-jobs')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/#/app/pointrecord');
  await expect(page.getByTestId('ledger-row').first()).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});
