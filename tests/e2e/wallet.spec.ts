import { devices, expect, test, type APIRequestContext } from '@playwright/test';
import { newShopWithPoints } from './shop.ts';
import { axeProblems } from './axe.ts';
import { persisted, underServiceWorker, INSTALLED } from './offline.ts';
import { PUZZLE_X } from './pages/login-page.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { imeiWithCheckDigit } from '#tests/fixtures/imei.ts';

const imei = (n: number) => imeiWithCheckDigit(String(35325620000000 + n * 41));

type Answer = { errcode: number; msg: string; datas: Record<string, unknown> & { list?: unknown[] } };
const apiOf =
  (request: APIRequestContext, token: string) =>
  async (path: string, data: object = {}) =>
    (await (await request.post(path, { data, headers: { token } })).json()) as Answer;

/** An Editor of the shop behind `adminToken`, signed in through the API. */
async function editorOf(request: APIRequestContext, adminToken: string) {
  const username = `ed_${String(Date.now()).slice(-7)}`;
  const added = await apiOf(request, adminToken)('/api/admin/add_employee', {
    username,
    password: 'editor2026ok',
    real_name: '店员',
    role: 1,
  });
  expect(added.errcode).toBe(0);
  const puzzle = (await (await request.post('/api/login/tncode', { data: {} })).json()) as Answer;
  const login = (await (
    await request.post('/api/login/login', {
      data: { username, password: 'editor2026ok', tn_r: PUZZLE_X, uniqid: puzzle.datas.uniqid },
    })
  ).json()) as Answer;
  expect(login.errcode).toBe(0);
  return login.datas.token as string;
}

test('recharge through /orderAlipay and the sandbox, watch it land live, buy a package, spend its checks first', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // 100.00 points in a shop of its own.
  const { token } = await newShopWithPoints(page, request, 10_000);
  const api = apiOf(request, token);

  // Recharge 60 yuan: the amount field refuses too many decimals and less than the minimum first.
  await page.goto('/#/app/shoppingcenter/shoppingcenter');
  await expect(page.getByTestId('shop-balance')).toHaveText('100.00');
  // A second tab (same browser, same sign-in) on the personal center: it shows the payment at once.
  const center = await context.newPage();
  await center.goto('/#/app/personalcenter');
  await expect(center.getByTestId('pc-points')).toHaveText('100.00');
  await expect(center.getByTestId('points')).toContainText('100.00');

  const amount = page.getByLabel('充值金额（元）');
  await amount.fill('0.123');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page.getByText('金额最多 2 位小数（分）')).toBeVisible();
  await amount.fill('0.5');
  await page.getByRole('button', { name: '立即充值' }).click();
  await expect(page.getByText(/最低充值 .* 元/)).toBeVisible();
  await amount.fill('60');
  await expect(page.getByTestId('recharge-points')).toHaveText('到账 60.00 积分');
  await page.getByRole('button', { name: '立即充值' }).click();

  await expect(page).toHaveURL(/#\/orderAlipay\?order_no=/);
  await expect(page.getByTestId('pay-amount')).toHaveText('¥60.00');
  await expect(page.getByTestId('pay-state')).toHaveAttribute('data-state', 'created');
  await expect(page.getByTestId('pay-qr')).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  const payUrl = await page.getByTestId('pay-sandbox-link').getAttribute('href');
  expect(payUrl).toContain('/sandbox/pay');

  // The payer's phone scans the code: a browser of its own, no session, a phone's user agent.
  const phone = await browser.newContext({ ...devices['Pixel 7'] });
  const payer = await phone.newPage();
  await payer.goto(payUrl!);
  await expect(payer.locator('.amount')).toContainText('60.00');
  await payer.getByRole('button', { name: '确认付款 / Pay' }).click();
  await expect(payer.locator('h1')).toHaveText('付款成功（沙箱）');
  await phone.close();

  // Live on the payment page and in the other tab, header included.
  await expect(page.getByTestId('pay-state')).toHaveAttribute('data-state', 'paid');
  await expect(page.getByTestId('pay-done')).toContainText('60.00 积分已到账');
  await expect(center.getByTestId('pc-points')).toHaveText('160.00');
  await expect(center.getByTestId('points')).toContainText('160.00');

  // Buy the 100-device check package (60.00 points) with a confirmation.
  await page.getByRole('link', { name: '购买套餐' }).click();
  const card = page.getByTestId('package-card').filter({ hasText: '查询包 100 台' });
  await card.getByRole('button', { name: '购买 查询包 100 台' }).click();
  const confirm = page.getByTestId('buy-confirm');
  await expect(confirm).toContainText('购买后剩余积分：100.00');
  await confirm.getByRole('button', { name: '确认购买' }).click();
  await expect(page.getByTestId('shop-balance')).toHaveText('100.00');
  await expect(page.getByTestId('shop-checks-left')).toHaveText('100');
  await expect(center.getByTestId('pc-points')).toHaveText('100.00');
  expect(await axeProblems(page)).toEqual([]);

  // A check order of 3 devices: the package pays for them, the points stay.
  const services = await api('/api/checks/combo_list');
  const warranty = (services.datas.list as { id: number; code: string }[]).find(
    (s) => s.code === 'warranty',
  )!;
  const placed = await api('/api/checks/order_create', {
    title: '套餐订单',
    identifiers: [imei(1), imei(2), imei(3)],
    service_ids: [warranty.id],
  });
  expect(placed.errcode).toBe(0);
  await page.goto(`/#/app/quiry/managementDetail?order_id=${placed.datas.order_id}`);
  await expect(page.getByTestId('order-package-checks')).toContainText('3 台设备使用套餐次数支付');
  await page.goto('/#/app/shoppingcenter/shoppingcenter');
  await expect(page.getByTestId('shop-checks-left')).toHaveText('97');
  await expect(page.getByTestId('shop-balance')).toHaveText('100.00');

  // The three records show each step.
  await page.goto('/#/app/rechargerecord');
  const paid = page.getByTestId('recharge-row').filter({ hasText: '已支付' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('¥60.00');
  await expect(page.getByTestId('recharge-paid-amount')).toHaveText('¥60.00');
  await page.getByLabel('状态').selectOption({ label: '等待支付' });
  await expect(page.getByTestId('recharge-row')).toHaveCount(0);
  expect(await axeProblems(page)).toEqual([]);

  await page.goto('/#/app/pointrecord');
  const ledger = page.getByTestId('ledger-table');
  await expect(ledger.locator('[data-type="recharge"]')).toContainText('+60.00');
  await expect(ledger.locator('[data-type="purchase"]')).toContainText('-60.00');
  await expect(ledger.locator('[data-type="package"]')).toContainText('-3');
  await page.getByRole('tab', { name: '购买记录' }).click();
  await expect(page).toHaveURL(/view=purchases/);
  await expect(page.getByTestId('purchase-row')).toHaveCount(1);
  await expect(page.getByTestId('purchase-row')).toContainText('查询包 100 台');
  expect(await axeProblems(page)).toEqual([]);
});

test('an Editor sees the wallet but is refused buying and recharging', async ({ page, request }) => {
  const { token: adminToken } = await newShopWithPoints(page, request, 10_000);
  const editorToken = await editorOf(request, adminToken);
  await page.addInitScript((t) => localStorage.setItem('token', t), editorToken);
  await page.goto('/#/app/shoppingcenter/shoppingcenter');
  await expect(page.getByTestId('shop-balance')).toHaveText('100.00');
  await expect(page.getByTestId('shop-blocked')).toHaveText('只有店铺管理员可以购买套餐和充值。');
  await expect(
    page.getByTestId('package-card').first().getByRole('button', { name: /^购买/ }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: '立即充值' })).toBeDisabled();
  expect(await axeProblems(page)).toEqual([]);

  // The server refuses too, whatever the page shows.
  const combos = await apiOf(request, editorToken)('/api/combo/get_account_price');
  const comboId = (combos.datas.list as { id: number }[])[0]!.id;
  const buy = await apiOf(request, editorToken)('/api/user/pay_integral', { combo_id: comboId });
  expect(buy.errcode).toBe(ErrCode.FORBIDDEN);
  const recharge = await apiOf(request, editorToken)('/api/recharge/recharge_create', { amount: 1000 });
  expect(recharge.errcode).toBe(ErrCode.FORBIDDEN);
  // Nothing was charged.
  const center = await apiOf(request, editorToken)('/api/user/user_center');
  expect(center.datas.integral).toBe(10_000);
  await page.goto('/#/app/rechargerecord');
  await expect(page.getByTestId('recharge-table')).toBeVisible();
});

test.describe('installed', () => {
  test.use(INSTALLED);

  test('offline: the records and the shopping center open from cache, buying and recharging say they need the network', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    const { token } = await newShopWithPoints(page, request, 10_000);
    const api = apiOf(request, token);
    const combos = await api('/api/combo/get_account_price');
    const monthly = (combos.datas.list as { id: number; name: string }[]).find((c) => c.name === 'VIP 月卡')!;
    expect((await api('/api/user/pay_integral', { combo_id: monthly.id })).errcode).toBe(0);

    await page.goto('/#/app/pointrecord?view=purchases');
    await underServiceWorker(page);
    await page.reload();
    await expect(page.getByTestId('purchase-row')).toContainText('VIP 月卡');
    await page.goto('/#/app/shoppingcenter/shoppingcenter');
    await expect(page.getByTestId('package-card').first()).toBeVisible();
    await expect(page.getByTestId('shop-vip')).toHaveText('等级 1');
    await persisted(page, 'VIP 月卡');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    await expect(page.getByTestId('shop-blocked')).toHaveText('当前离线：购买和充值需要网络。');
    await expect(
      page.getByTestId('package-card').first().getByRole('button', { name: /^购买/ }),
    ).toBeDisabled();
    await expect(page.getByRole('button', { name: '立即充值' })).toBeDisabled();
    await page.goto('/#/app/pointrecord?view=purchases');
    await expect(page.getByTestId('purchase-row')).toContainText('VIP 月卡');
    await expect(page.getByTestId('data-as-of')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await context.setOffline(false);
  });
});
