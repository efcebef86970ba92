import { writeFileSync } from 'node:fs';
import { chromium, expect, test, type Page } from '@playwright/test';
import { barcodeFrame, y4mVideo } from '#tests/setup/barcode-image.ts';
import { PAGE_TEXT } from '#server/modules/repairs/status-page-text.ts';
import { repairPath } from '#server/providers/repairs/sandbox.ts';
import { axeProblems } from './axe.ts';
import { openE2eDatabase } from './db.ts';
import { dumpBrowserStorage } from './offline.ts';
import {
  advanceSandbox,
  batchDevices,
  call,
  changedTodayIds,
  deviceDetail,
  imeiOf,
  seedBatch,
} from './repairs-api.ts';
import { newShopWithPoints } from './shop.ts';
import { CHROMIUM_FLAGS, chromiumPath } from '#tests/setup/chromium.ts';

// Each test has a shop of its own (the e2e server's database lives for the whole run, and the
// sandbox's simulated clock is the server's: expectations are read from the API, never assumed).
const HOUR = 3_600_000;
/** The customer page's words for a progress (it speaks zh to a zh-CN browser). */
const PROGRESS_ZH = PAGE_TEXT.zh.labels;

/** A repair id of the sandbox whose path never ends at not_found (those end in 000). */
const repairIdOf = (n: number) => `${'AGRDN'[n % 5]}${String(310_000_001 + n * 7_919)}`;

/** The device rows the table shows: id, progress and refresh state (all of them are in the DOM). */
async function tableRows(page: Page) {
  return page.getByTestId('repair-row').evaluateAll((rows) =>
    rows.map((row) => {
      const status = row.querySelector('[data-testid=row-status]');
      return {
        id: Number(row.getAttribute('data-device-id')),
        progress: status?.getAttribute('data-progress') ?? '',
        refresh: status?.getAttribute('data-refresh') ?? '',
      };
    }),
  );
}
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id).sort((a, b) => a - b);

test('repairs: intake of 20 lines with reasons, live refresh, the sandbox clock and "changed today"', async ({
  page,
  request,
}) => {
  // A bound, not a wait: 20-40 s on CI, slower on a machine shared by many.
  test.setTimeout(180_000);
  const { token } = await newShopWithPoints(page, request, 10_000);
  // A batch that is never refreshed: its devices never move, so "changed today" must leave them out.
  const quiet = await seedBatch(request, token, '未刷新批次', [
    { ident: imeiOf(901), repair_ids: [repairIdOf(901)], customer_name: '静止一' },
    { ident: imeiOf(902), repair_ids: [repairIdOf(902)], customer_name: '静止二' },
  ]);

  // 20 lines: 14 good, 1 that the sandbox cannot answer (serial 000000), 1 repeated line,
  // 3 with malformed repair ids, 1 IMEI with a wrong check digit.
  const good = Array.from({ length: 14 }, (_, i) => ({
    imei: imeiOf(200 + i),
    rid: repairIdOf(i),
    line: `${imeiOf(200 + i)} ${repairIdOf(i)} 客户${i + 1} 1380000${String(1000 + i)}`,
  }));
  const failing = imeiOf(0);
  const badCheck = imeiOf(219).slice(0, 14) + String((Number(imeiOf(219).at(-1)) + 1) % 10);
  const lines = [
    ...good.map((g) => g.line),
    `${failing} ${repairIdOf(14)} 查不到`,
    good[0]!.line,
    `${imeiOf(216)} X12345678 坏单号一`,
    `${imeiOf(217)} R12345 坏单号二`,
    `${imeiOf(218)} G1234567890 坏单号三`,
    `${badCheck} ${repairIdOf(19)} 校验位错`,
  ];
  expect(lines).toHaveLength(20);

  await page.goto('/#/app/maintenance/maintenance');
  await page.getByTestId('open-intake').click();
  await page.getByTestId('intake-title').fill('二十台送修');
  await page.getByTestId('intake-paste').fill(lines.join('\n'));
  // The form warns before sending: 20 lines, 3 with a repair id that will be refused.
  await expect(page.getByTestId('intake-count')).toHaveAttribute('data-count', '20');
  await expect(page.getByTestId('intake-count')).toContainText('3');
  await page.getByTestId('intake-submit').click();
  const result = page.getByTestId('intake-result');
  await expect(result).toHaveAttribute('data-added', '15');
  await expect(result).toHaveAttribute('data-rejected', '5');
  const rejected = await page.getByTestId('intake-rejected-row').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = Array.from(row.querySelectorAll('td')).map((td) => td.textContent ?? '');
      return { line: cells[0], ident: cells[1], reason: row.getAttribute('data-reason'), text: cells[2] };
    }),
  );
  expect(rejected.map(({ line, ident, reason }) => ({ line, ident, reason }))).toEqual([
    { line: '16', ident: good[0]!.imei, reason: 'duplicate_input' },
    { line: '17', ident: imeiOf(216), reason: 'repair_id_invalid' },
    { line: '18', ident: imeiOf(217), reason: 'repair_id_invalid' },
    { line: '19', ident: imeiOf(218), reason: 'repair_id_invalid' },
    { line: '20', ident: badCheck, reason: 'bad_check_digit' },
  ]);
  // Each reason is shown in words (not the code), the bad repair id named next to it.
  for (const r of rejected) expect(r.text).not.toContain(r.reason!);
  expect(rejected[1]!.text).toContain('X12345678');
  expect(rejected[2]!.text).toContain('R12345');
  expect(rejected[3]!.text).toContain('G1234567890');
  await page.keyboard.press('Escape');
  await expect(result).toBeHidden();

  // The new batch: 15 devices, none refreshed yet.
  const batches = await call<{ list: Array<{ id: number; title: string }> }>(
    request,
    token,
    '/api/repair/batch_list',
    { page: 1, page_size: 20 },
  );
  const batchId = batches.list.find((b) => b.title === '二十台送修')!.id;
  await page.getByTestId('batch-item').filter({ hasText: '二十台送修' }).click();
  const table = page.getByTestId('repair-table');
  await expect(table).toHaveAttribute('data-rows', '15');
  const batchRows = await tableRows(page);
  expect(batchRows.every((r) => r.progress === '' && r.refresh === 'none')).toBe(true);
  const listProblems = await axeProblems(page);
  expect(listProblems, listProblems.join('\n')).toEqual([]);

  // Refresh all 15: progress arrives live (socket), without a reload.
  const failingId = (await batchDevices(request, token, batchId)).find((d) => d.imei === failing)!.id;
  await page.getByTestId('select-all').check();
  await expect(page.getByTestId('selected-count')).toHaveAttribute('data-count', '15');
  await page.getByTestId('bulk-refresh').click();
  await page.getByTestId('refresh-confirm-ok').click();
  await expect
    .poll(async () => (await tableRows(page)).filter((r) => r.refresh === 'done' && r.progress).length, {
      timeout: 60_000,
    })
    .toBe(14);
  await expect
    .poll(async () => (await tableRows(page)).find((r) => r.id === failingId)?.refresh)
    .toBe('failed');
  // What the table shows is what the server holds.
  const afterFirst = await batchDevices(request, token, batchId);
  expect((await tableRows(page)).sort((a, b) => a.id - b.id).map((r) => [r.id, r.progress || null])).toEqual(
    afterFirst.sort((a, b) => a.id - b.id).map((d) => [d.id, d.progress]),
  );

  // Speed the sandbox clock to just past the middle of the repairs' next steps (from the sandbox's
  // own paths): some devices move at the next refresh, the rest stay where they are.
  const before = new Map(afterFirst.map((d) => [d.id, d.progress]));
  const advanced = await advanceSandbox(request, token, 0);
  const reached = (rid: string, hours: number) =>
    repairPath(rid).steps.filter(([, at]) => at <= hours * HOUR).length;
  const nextSteps = good
    .map((g) => (repairPath(g.rid).steps.find(([, at]) => at / HOUR > advanced)?.[1] ?? Infinity) / HOUR)
    .filter(Number.isFinite)
    .sort((x, y) => x - y);
  // Half an hour past the middle next step (step times are whole hours): the test's own minutes
  // of real time cannot cross another step.
  const target = (nextSteps[Math.floor((nextSteps.length - 1) / 2)] ?? advanced) + 0.5;
  await advanceSandbox(request, token, target - advanced);
  const expectedMoves = good.filter((g) => reached(g.rid, target) !== reached(g.rid, advanced));
  expect(expectedMoves.length).toBeGreaterThan(0);
  expect(expectedMoves.length).toBeLessThan(14);

  await page.getByTestId('select-all').uncheck();
  await page.getByTestId('select-all').check();
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/repair/refresh'));
  await page.getByTestId('bulk-refresh').click();
  await page.getByTestId('refresh-confirm-ok').click();
  expect((await (await asked).json()).errcode).toBe(0);
  await expect
    .poll(async () => {
      const api = await batchDevices(request, token, batchId);
      return api.filter((d) => d.refresh_state === 'pending').length;
    })
    .toBe(0);
  const afterSecond = await batchDevices(request, token, batchId);
  const moved = afterSecond.filter((d) => d.progress !== before.get(d.id));
  expect(moved.map((d) => d.imei).sort()).toEqual(expectedMoves.map((g) => g.imei).sort());
  // The moved devices' new progress arrives in the table live.
  await expect
    .poll(async () => (await tableRows(page)).sort((a, b) => a.id - b.id).map((r) => [r.id, r.progress]))
    .toEqual(afterSecond.sort((a, b) => a.id - b.id).map((d) => [d.id, d.progress ?? '']));

  // "Changed today", over all batches: exactly the devices that moved today, as the API lists them:
  // not the device the sandbox could not answer, not the batch that was never refreshed.
  await page.getByTestId('batch-list').getByRole('button').first().click();
  await page.getByTestId('filter-changed-today').check();
  const apiToday = await changedTodayIds(request, token);
  await expect.poll(async () => ids(await tableRows(page))).toEqual(apiToday);
  const movedToday = afterSecond.filter((d) => d.progress !== null).map((d) => d.id);
  expect(apiToday).toEqual(movedToday.sort((a, b) => a - b));
  expect(apiToday).not.toContain(failingId);
  for (const id of quiet.deviceIds) expect(apiToday).not.toContain(id);
  // The devices that moved twice have two progress events today, the others one.
  for (const d of afterSecond.filter((x) => x.progress !== null)) {
    const { events } = await deviceDetail(request, token, d.id);
    const progressEvents = events.filter((e) => e.kind === 'progress').length;
    expect(progressEvents, `device ${d.id}`).toBe(moved.some((m) => m.id === d.id) ? 2 : 1);
  }
});

test('repairs: a watched device alerts live on another page; customer link; label print; offline edit sent once', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  // A bound, not a wait: 20-40 s on CI, slower on a machine shared by many.
  test.setTimeout(180_000);
  const { token } = await newShopWithPoints(page, request, 10_000);
  const devices = [
    {
      ident: imeiOf(301),
      repair_ids: [repairIdOf(31)],
      customer_name: '王小明',
      customer_phone: '13900001111',
    },
    {
      ident: imeiOf(302),
      repair_ids: [repairIdOf(32)],
      customer_name: '李别人',
      customer_phone: '13900002222',
    },
    {
      ident: imeiOf(303),
      repair_ids: [repairIdOf(33)],
      customer_name: '赵其他',
      customer_phone: '13900003333',
    },
  ];
  const { batchId, deviceIds } = await seedBatch(request, token, '监控批次', devices);
  await call(request, token, '/api/repair/refresh', { batch_id: batchId });
  await expect
    .poll(async () => (await batchDevices(request, token, batchId)).filter((d) => d.progress).length, {
      timeout: 60_000,
    })
    .toBe(3);
  const deviceId = deviceIds[0]!;
  const detailUrl = `/#/app/maintenance/orderDetail?device_id=${deviceId}`;

  // Detail page: axe, then watch the device with the sandbox clock moved past its next step, so
  // the monitor's first look finds a change.
  await page.goto(detailUrl);
  await expect(page.getByTestId('device-detail')).toBeVisible();
  const detailProblems = await axeProblems(page);
  expect(detailProblems, detailProblems.join('\n')).toEqual([]);
  const stored = (await deviceDetail(request, token, deviceId)).device;
  const advanced = await advanceSandbox(request, token, 0);
  const next = repairPath(devices[0]!.repair_ids[0]!).steps.find(([, at]) => at / HOUR > advanced);
  if (next) await advanceSandbox(request, token, next[1] / HOUR + 0.5 - advanced);
  expect(await call(request, token, '/api/notice/unread_count')).toEqual({ unread: 0 });
  await page.getByTestId('detail-watch').click();
  await expect(page.getByTestId('detail-watch')).toHaveAttribute('data-watched', 'true');

  // Another page (same document: the socket stays): the alert arrives as a toast and on the bell.
  await page.goto('/#/app/accountmanagement');
  await expect(page.getByTestId('device-detail')).toBeHidden();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: devices[0]!.ident });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  const unread = (await call<{ unread: number }>(request, token, '/api/notice/unread_count')).unread;
  expect(unread).toBeGreaterThan(0);
  await expect(page.getByTestId('notice-count')).toHaveAttribute('data-count', String(unread));
  const now = (await deviceDetail(request, token, deviceId)).device;
  if (next) expect(now.progress).not.toBe(stored.progress);

  // The history page (reachable from the detail): axe clean, the device's events listed.
  await page.goto(`/#/app/maintenance/history?q=${devices[0]!.ident}`);
  await expect(page.getByText(devices[0]!.ident).first()).toBeVisible();
  const historyProblems = await axeProblems(page);
  expect(historyProblems, historyProblems.join('\n')).toEqual([]);

  // Customer link: opened in a separate context with no sign-in, it shows this device's model and
  // progress and nothing of the shop's other devices; revoked, it shows nothing.
  await page.goto(detailUrl);
  await page.getByTestId('make-link').click();
  const url = (await page.getByTestId('customer-link-url').textContent())!;
  expect(url).toMatch(/\/status\/[A-Za-z0-9_-]{40,}$/);
  const stranger = await browser.newContext({ locale: 'zh-CN' });
  const outside = await stranger.newPage();
  const shown = await outside.goto(url);
  expect(shown?.status()).toBe(200);
  const body = (await outside.locator('body').textContent()) ?? '';
  expect(body).toContain(now.model!);
  expect(body).toContain(PROGRESS_ZH[now.progress!]);
  for (const other of devices.slice(1)) {
    expect(body).not.toContain(other.ident);
    expect(body).not.toContain(other.customer_name);
    expect(body).not.toContain(other.repair_ids[0]!);
  }
  expect(await outside.evaluate(() => localStorage.length)).toBe(0);

  // Print preview: on paper only the label shows (A4, then the 80 mm label), the page does not.
  await page.emulateMedia({ media: 'print' });
  const label = page.getByTestId('print-label');
  await expect(label).toBeVisible();
  await expect(label).toContainText(devices[0]!.ident);
  await expect(label).toContainText(devices[0]!.customer_name);
  // The customer link made above is printed as a QR code.
  await expect(label.locator('svg')).toBeVisible();
  await expect(page.getByTestId('device-detail').getByRole('heading', { level: 2 })).toBeHidden();
  const a4 = (await label.boundingBox())!;
  await testInfo.attach('label-a4.png', { body: await page.screenshot(), contentType: 'image/png' });
  await page.emulateMedia({ media: 'screen' });
  await expect(label).toBeHidden();
  await page.getByTestId('paper-size').getByText('80', { exact: false }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(label).toHaveAttribute('data-paper', 'thermal');
  const thermal = (await label.boundingBox())!;
  await testInfo.attach('label-80mm.png', { body: await page.screenshot(), contentType: 'image/png' });
  // 180 mm + margins against 72 mm + margins, at 96 px per inch.
  expect(a4.width).toBeGreaterThan(680);
  expect(thermal.width).toBeLessThan(320);
  await page.emulateMedia({ media: 'screen' });

  // Revoked, the link shows the stranger nothing (the same page as an unknown link).
  await page.getByTestId('revoke-link').click();
  await expect(page.getByTestId('revoke-link')).toBeHidden();
  const revoked = await outside.goto(url);
  expect(revoked?.status()).toBe(404);
  const revokedBody = (await outside.locator('body').textContent()) ?? '';
  expect(revokedBody).not.toContain(now.model!);
  expect(revokedBody).not.toContain(PROGRESS_ZH[now.progress!]);
  await stranger.close();

  // An edit made offline waits in the outbox and reaches the server exactly once after reconnecting.
  await context.setOffline(true);
  await page.getByTestId('detail-edit').click();
  await page.getByTestId('edit-customer-name').fill('王小明（离线改）');
  await page.getByTestId('edit-save').click();
  await expect(page.getByTestId('outbox-button')).toContainText('1');
  const queued = (await dumpBrowserStorage(page)).idb['repairops-outbox']!.items as Array<{
    body: { request_id: string; customer_name: string };
  }>;
  expect(queued.map((q) => q.body.customer_name)).toEqual(['王小明（离线改）']);
  const requestId = queued[0]!.body.request_id;
  expect((await deviceDetail(request, token, deviceId)).device.customer_name).toBe('王小明');
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-button')).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('detail-customer')).toHaveText('王小明（离线改）');
  const after = await deviceDetail(request, token, deviceId);
  expect(after.device.customer_name).toBe('王小明（离线改）');
  expect(after.events.filter((e) => e.kind === 'edit')).toHaveLength(1);
  const db = openE2eDatabase();
  try {
    const keys = db.prepare('SELECT path, state FROM request_keys WHERE request_id = ?').all(requestId);
    expect(keys).toEqual([{ path: '/api/repair/device_edit', state: 'done' }]);
  } finally {
    db.close();
  }
});

test('repairs: the camera scanner reads a box label barcode into the intake (Chromium fake camera)', async ({
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  // A browser of its own: its fake camera plays a still picture of an IMEI barcode.
  const imei = imeiOf(404);
  const video = testInfo.outputPath('label.y4m');
  writeFileSync(video, y4mVideo(await barcodeFrame(imei)));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      locale: 'zh-CN',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await newShopWithPoints(page, request, 0);
    await page.goto('/#/app/maintenance/maintenance');
    await page.getByTestId('open-intake').click();
    await page.getByTestId('intake-title').fill('扫码入库');
    await page.getByTestId('intake-camera').click();
    await expect(page.getByTestId('scanner-codes')).toContainText(imei);
    await page.getByTestId('scanner-add').click();
    await expect(page.getByTestId('intake-paste')).toHaveValue(`${imei}\n`);
    await page.getByTestId('intake-submit').click();
    await expect(page.getByTestId('intake-result')).toHaveAttribute('data-added', '1');
  } finally {
    await browser.close();
  }
});
