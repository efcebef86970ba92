import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { ErrCode } from '#contract/errcodes.ts';
import { SOCKET_PATH, SOCKET_SOURCE, type ServerToClientEvents } from '#contract/realtime.ts';
import { RECHARGE_DEFAULTS, type PaymentConfig } from '#server/payment-config.ts';
import { alipayTimestamp } from '#server/providers/payment/alipay-sign.ts';
import { FakeAlipay, rsaPair } from '#tests/setup/fake-alipay.ts';
import { FakeWechatPay } from '#tests/setup/fake-wechatpay.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let alipay: FakeAlipay;
let wechat: FakeWechatPay;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  alipay = await new FakeAlipay().start();
  wechat = await new FakeWechatPay().start();
});
afterAll(async () => {
  await alipay.stop();
  await wechat.stop();
});
afterEach(async () => {
  await s?.close();
});

const payment = (provider: 'alipay' | 'wechat'): PaymentConfig => ({
  provider,
  recharge: RECHARGE_DEFAULTS,
  notifyBase: 'https://shop.example.com',
  ...(provider === 'alipay' ? { alipay: alipay.config() } : { wechatpay: wechat.config() }),
});

async function start(provider: 'alipay' | 'wechat') {
  s = await createTestServer({ config: { payment: payment(provider) } });
  wechat.now = () => s.clock.now();
  admin = await s.session();
}

const create = async (amount: number) => {
  const r = await callEndpoint(s, endpoints.rechargeCreate, { amount }, { token: admin });
  expect(r.errcode, r.msg).toBe(0);
  return r.datas;
};
const balance = async () =>
  (await callEndpoint(s, endpoints.pointRecord, { page: 1, page_size: 100 }, { token: admin })).datas;
const recharges = async () => (await balance()).list.filter((e) => e.type === 'recharge');
const events = (orderNo: string) =>
  s.db.selectFrom('payment_events').select('outcome').where('order_no', '=', orderNo).orderBy('id').execute();

const postAlipay = (body: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: body,
  });
const postWechat = (n: { headers: Record<string, string>; body: string }) =>
  s.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body });

describe('Alipay notify', () => {
  beforeEach(() => start('alipay'));

  it('credits a verified payment once; a replay is acknowledged and changes nothing', async () => {
    const order = await create(12_50);
    expect(order).toMatchObject({ provider: 'alipay', sandbox: false, state: 'created' });
    expect(order.qr_content).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const body = alipay.pay(order.order_no, s.clock.now());
    const first = await postAlipay(body);
    expect([first.statusCode, first.body]).toEqual([200, 'success']);
    const replay = await postAlipay(body);
    expect([replay.statusCode, replay.body]).toEqual([200, 'success']);
    expect((await balance()).balance).toBe(1_000_00 + 12_50);
    expect(await recharges()).toHaveLength(1);
    expect((await events(order.order_no)).map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
  });

  it('50 concurrent copies of one notify credit exactly once', async () => {
    const order = await create(88_00);
    const body = alipay.pay(order.order_no, s.clock.now());
    const answers = await Promise.all(Array.from({ length: 50 }, () => postAlipay(body)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect((await balance()).balance).toBe(1_000_00 + 88_00);
    expect(await recharges()).toHaveLength(1);
    const outcomes = (await events(order.order_no)).map((e) => e.outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
  });

  it('refuses a forged notify (bad signature): nothing credited, the provider told to retry', async () => {
    const order = await create(5000);
    alipay.pay(order.order_no, s.clock.now());
    const fields = alipay.notifyFields(alipay.trades.get(order.order_no)!);
    const forged = await postAlipay(alipay.notifyBody(fields, rsaPair().privateKey));
    expect([forged.statusCode, forged.body]).toEqual([400, 'fail']);
    const unsigned = await postAlipay(new URLSearchParams(fields).toString());
    expect(unsigned.statusCode).toBe(400);
    expect((await balance()).balance).toBe(1_000_00);
    expect(
      (await callEndpoint(s, endpoints.rechargeStatus, { order_no: order.order_no }, { token: admin })).datas
        .state,
    ).toBe('created');
    const rejected = await s.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('outcome', '=', 'bad_signature')
      .execute();
    expect(rejected).toHaveLength(2);
  });

  it('refuses an amount or merchant account that does not match the order, even signed', async () => {
    const order = await create(5000);
    alipay.pay(order.order_no, s.clock.now());
    const fields = alipay.notifyFields(alipay.trades.get(order.order_no)!);
    const lessMoney = await postAlipay(alipay.notifyBody({ ...fields, total_amount: '0.01' }));
    expect([lessMoney.statusCode, lessMoney.body]).toEqual([400, 'fail']);
    const otherApp = await postAlipay(alipay.notifyBody({ ...fields, app_id: '2021999999999999' }));
    expect(otherApp.statusCode).toBe(400);
    const otherSeller = await postAlipay(alipay.notifyBody({ ...fields, seller_id: '2088999999999999' }));
    expect(otherSeller.statusCode).toBe(400);
    expect((await balance()).balance).toBe(1_000_00);
    expect((await events(order.order_no)).map((e) => e.outcome)).toEqual([
      'amount_mismatch',
      'account_mismatch',
      'account_mismatch',
    ]);
    // The true notify still goes through afterwards.
    expect((await postAlipay(alipay.notifyBody(fields))).body).toBe('success');
    expect((await balance()).balance).toBe(1_000_00 + 5000);
  });

  it('does not credit a payment for an expired or a closed order', async () => {
    const late = await create(1000);
    s.clock.advance(16 * 60_000);
    const lateAnswer = await postAlipay(alipay.pay(late.order_no, s.clock.now()));
    // Acknowledged (it cannot be applied later either) and kept for a refund by hand.
    expect(lateAnswer.body).toBe('success');
    expect((await events(late.order_no)).map((e) => e.outcome)).toEqual(['not_payable']);

    admin = await s.session();
    const closed = await create(2000);
    const close = await callEndpoint(
      s,
      endpoints.rechargeClose,
      { order_no: closed.order_no },
      { token: admin },
    );
    expect(close.datas.state).toBe('closed');
    expect(alipay.trades.get(closed.order_no)?.status).toBe('TRADE_CLOSED');
    const trade = alipay.trades.get(closed.order_no)!;
    const paidAnyway = alipay.notifyBody({
      ...alipay.notifyFields(trade),
      trade_status: 'TRADE_SUCCESS',
      trade_no: '2026CLOSEDBUTPAID',
      gmt_payment: alipayTimestamp(s.clock.now()),
    });
    expect((await postAlipay(paidAnyway)).body).toBe('success');
    expect((await balance()).balance).toBe(1_000_00);
    expect(await recharges()).toHaveLength(0);
  });

  it('a payment paid in time whose notify comes after the expiry is still credited', async () => {
    const order = await create(700);
    const paidAt = s.clock.now() + 14 * 60_000;
    const body = alipay.pay(order.order_no, paidAt);
    s.clock.advance(20 * 60_000);
    admin = await s.session();
    // The order reads as expired first (lazy expiry) ...
    expect(
      (await callEndpoint(s, endpoints.rechargeStatus, { order_no: order.order_no }, { token: admin })).datas
        .state,
    ).toBe('expired');
    // ... and the late notify of an in-time payment still counts.
    expect((await postAlipay(body)).body).toBe('success');
    expect((await balance()).balance).toBe(1_000_00 + 700);
  });

  it('a lost notify is caught up by status with refresh (query), once', async () => {
    const order = await create(1500);
    alipay.pay(order.order_no, s.clock.now());
    const st = await callEndpoint(
      s,
      endpoints.rechargeStatus,
      { order_no: order.order_no, refresh: true },
      { token: admin },
    );
    expect(st.datas.state).toBe('paid');
    expect((await balance()).balance).toBe(1_000_00 + 1500);
    // The notify arriving afterwards is a duplicate.
    const trade = alipay.trades.get(order.order_no)!;
    expect((await postAlipay(alipay.notifyBody(alipay.notifyFields(trade)))).body).toBe('success');
    expect(await recharges()).toHaveLength(1);
  });

  it('the sandbox pay action is refused with a real provider', async () => {
    const order = await create(100);
    const res = await callEndpoint(s, endpoints.sandboxPay, { order_no: order.order_no, outcome: 'pay' });
    expect(res.errcode).toBe(ErrCode.PAYMENT_NOT_SANDBOX);
    expect(
      (await s.app.inject({ method: 'GET', url: `/sandbox/pay?order_no=${order.order_no}` })).statusCode,
    ).toBe(404);
  });

  it('pushes the new balance over the socket to the account the moment the notify lands', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const code = (await callEndpoint(s, endpoints.getWsAuthCode, {}, { token: admin })).datas.code;
    const socket: Socket<ServerToClientEvents> = connectClient(`http://127.0.0.1:${address.port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { auth_info: code, source: SOCKET_SOURCE },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const order = await create(2000);
      const wallet = new Promise<Parameters<ServerToClientEvents['wallet:changed']>[0]>((resolve) =>
        socket.on('wallet:changed', resolve),
      );
      const paid = new Promise<Parameters<ServerToClientEvents['recharge:changed']>[0]>((resolve) =>
        socket.on('recharge:changed', (p) => {
          if (p.state === 'paid') resolve(p);
        }),
      );
      await postAlipay(alipay.pay(order.order_no, s.clock.now()));
      expect(await wallet).toMatchObject({
        reason: 'recharge',
        integral: 1_000_00 + 2000,
        order_no: order.order_no,
      });
      expect(await paid).toEqual({ order_no: order.order_no, state: 'paid' });
    } finally {
      socket.close();
    }
  });
});

describe('WeChat Pay notify', () => {
  beforeEach(() => start('wechat'));

  it('credits a verified, decrypted payment once, however often and concurrently it arrives', async () => {
    const order = await create(66_00);
    expect(order.qr_content).toMatch(/^weixin:\/\/wxpay\//);
    const n = wechat.pay(order.order_no, s.clock.now());
    const answers = await Promise.all(Array.from({ length: 50 }, () => postWechat(n)));
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);
    expect((await balance()).balance).toBe(1_000_00 + 66_00);
    expect(await recharges()).toHaveLength(1);
  });

  it('refuses a notify signed with another key or for another merchant', async () => {
    const order = await create(1000);
    wechat.pay(order.order_no, s.clock.now());
    const tx = wechat.plain(wechat.txs.get(order.order_no)!);
    const forged = await postWechat(wechat.notify(tx, { key: rsaPair().privateKey }));
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    const otherMch = await postWechat(wechat.notify({ ...tx, mchid: '1900009999' }));
    expect(otherMch.statusCode).toBe(400);
    const lessMoney = await postWechat(wechat.notify({ ...tx, amount: { total: 1, currency: 'CNY' } }));
    expect(lessMoney.statusCode).toBe(400);
    expect((await balance()).balance).toBe(1_000_00);
  });
});
