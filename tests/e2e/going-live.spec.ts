import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { ErrCode } from '#contract/errcodes.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';
import {
  createAdmin,
  grantPoints,
  startProductionServer,
  type ProductionServer,
} from './production-server.ts';

// Issue 24: a production server without any provider, as a shop first starts it. Its own server
// (built server and PWA, fresh database) on E2E_PORT + 200; the shared e2e server runs the sandboxes.
const PORT = Number(process.env.E2E_PORT ?? 8181) + 200;
const USERNAME = 'owner';
const PASSWORD = 'Counter2026x';

let server: ProductionServer;
const imei = (n: number) => imeiWithCheckDigit(String(35209900176300 + n));

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  server = await startProductionServer(PORT);
  const made = await createAdmin(
    server.database,
    ['--username', USERNAME, '--shop', '老王手机维修'],
    PASSWORD,
  );
  if (made.code !== 0) throw new Error(`create-admin failed: ${made.out}`);
  await grantPoints(server.database, USERNAME, 100_00);
});
test.afterAll(async () => {
  await server?.stop();
});

const points = async (token: string) =>
  (await server.call<{ integral: number }>('/api/user/user_center', {}, token)).datas.integral;

test('the demo Admin does not exist; the created Admin signs in and lands on the dashboard', async ({
  page,
}) => {
  await expect(server.signIn(null, 'admin', 'repair2026')).rejects.toThrow(String(ErrCode.LOGIN_FAILED));
  await server.signIn(page, USERNAME, PASSWORD);
  await page.goto('/');
  await expect(page).toHaveURL(/#\/app\/dashboards\/default/);
  await expect(page.getByTestId('points')).toContainText('100.00');
});

test('recharge: the wallet says it is not configured, offers nothing, and the call moves nothing', async ({
  page,
}) => {
  const token = await server.signIn(page, USERNAME, PASSWORD);
  await page.goto('/#/app/shoppingcenter/shoppingcenter');
  await expect(page.getByTestId('recharge-not-configured')).toContainText('本服务器未配置充值');
  await expect(page.getByTestId('recharge-sandbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '立即充值' })).toBeDisabled();
  await expect(page.getByLabel('充值金额（元）')).toBeDisabled();
  await page.screenshot({ path: 'test-results/going-live/recharge-not-configured.png' });

  const before = await points(token);
  const r = await server.call(
    '/api/recharge/recharge_create',
    { amount: 50_00, request_id: 'golive-r-1' },
    token,
  );
  expect(r.errcode).toBe(ErrCode.PAYMENT_NOT_CONFIGURED);
  expect(await points(token)).toBe(before);
  const record = await server.call<{ total: number }>('/api/recharge/recharge_record', {}, token);
  expect(record.datas.total).toBe(0);
});

/** Rows in a table of the server's database (opened read-only beside the running server). */
function count(table: string): number {
  const db = new DatabaseSync(server.database, { readOnly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

test('SMS: binding a phone says text messages are not configured; no code is stored', async ({ page }) => {
  await server.signIn(page, USERNAME, PASSWORD);
  await page.goto('/#/app/personalcenter');
  await page.getByRole('tab', { name: '绑定手机' }).click();
  const form = page.getByTestId('phone-form');
  await form.getByLabel(/^手机号/).fill('13912345678');
  await form.getByTestId('send-code-binding_phone').click();
  await expect(form.getByTestId('sms-not-configured')).toHaveText(
    '本服务器未配置短信服务，无法发送验证码。请联系管理员。',
  );

  expect(count('sms_codes')).toBe(0);
  expect(server.log()).not.toContain('13912345678');
});

test('SMS: signing up a shop says text messages are not configured; no code is stored', async ({ page }) => {
  await page.goto('/#/user/register');
  const register = page.getByTestId('register-form');
  await register.getByLabel(/^手机号/).fill('13912340000');
  await register.getByTestId('send-code-register').click();
  await expect(register.getByTestId('sms-not-configured')).toBeVisible();
  expect(count('sms_codes')).toBe(0);
});

test('checks: basic inquiry says checks are not configured, a refused order says so, and nothing is billed', async ({
  page,
}) => {
  const token = await server.signIn(page, USERNAME, PASSWORD);
  const before = await points(token);
  await page.goto('/#/app/quiry/basicinquiry');
  await expect(page.getByTestId('checks-not-configured')).toContainText('本服务器未配置设备查询服务');
  const form = page.getByTestId('new-order-form');
  await form.getByLabel(/订单标题/).fill('回收批次');
  await form.getByTestId('paste-box').fill(imei(1));
  await form.getByTestId('service-warranty').click();
  await form.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText(/设备查询服务未配置，暂时无法下单查询，未扣除积分/).first()).toBeVisible();
  expect(count('check_orders')).toBe(0);
  expect(count('check_jobs')).toBe(0);
  expect(await points(token)).toBe(before);
});

test('repairs: repair progress says it is not configured; refresh and watch are refused, nothing written', async ({
  page,
}) => {
  const token = await server.signIn(page, USERNAME, PASSWORD);
  const before = await points(token);
  const batch = await server.call<{ id: number }>('/api/repair/batch_create', { title: '送修' }, token);
  const intake = await server.call<{ device_ids: number[] }>(
    '/api/repair/device_intake',
    { batch_id: batch.datas.id, lines: [{ ident: imei(2), repair_ids: ['G100000002'] }] },
    token,
  );
  expect(intake.errcode, intake.msg).toBe(0);
  await page.goto('/#/app/maintenance/maintenance');
  await expect(page.getByTestId('repairs-not-configured')).toContainText('本服务器未配置维修进度查询服务');
  await page.goto(`/#/app/maintenance/orderDetail?device_id=${intake.datas.device_ids[0]}`);
  await expect(page.getByTestId('repairs-not-configured')).toBeVisible();
  await page.getByTestId('detail-refresh').click();
  // A refresh is paid: it asks with its price first (issue 27), then the server refuses it.
  await page.getByTestId('refresh-confirm-ok').click();
  await expect(page.getByTestId('detail-error')).toContainText('维修进度查询服务未配置');
  await page.getByTestId('detail-watch').click();
  await expect(page.getByTestId('detail-error')).toContainText('维修进度查询服务未配置');
  await expect(page.getByTestId('detail-watch')).toHaveAttribute('data-watched', 'false');
  expect(count('repair_refreshes')).toBe(0);
  expect(count('monitors')).toBe(0);
  expect(await points(token)).toBe(before);
});

test('the start log holds no demo password and no password of the new Admin', () => {
  expect(server.log()).toContain('no account yet');
  expect(server.log()).not.toContain('repair2026');
  expect(server.log()).not.toContain(PASSWORD);
});
