import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { DEMO_EDITOR, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointOutput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let admin: string;

// Sent raw: some tests send amounts the input schema refuses, on purpose.
const create = (amount: unknown, extra: Record<string, unknown> = {}) =>
  s.call<EndpointOutput<typeof endpoints.rechargeCreate>>(
    endpoints.rechargeCreate.path,
    { amount, ...extra },
    { token: admin },
  );
const pay = (orderNo: string, outcome: 'pay' | 'fail' = 'pay') =>
  callEndpoint(s, endpoints.sandboxPay, { order_no: orderNo, outcome });
const status = (orderNo: string, refresh = false) =>
  callEndpoint(s, endpoints.rechargeStatus, { order_no: orderNo, refresh }, { token: admin });
const balance = async () =>
  (await callEndpoint(s, endpoints.pointRecord, { page: 1, page_size: 100 }, { token: admin })).datas;

beforeEach(async () => {
  s = await createTestServer();
  admin = await s.session();
});
afterEach(async () => {
  await s.close();
});

describe('recharge with the sandbox provider (the default outside production)', () => {
  it('says its rate, minimum and provider', async () => {
    const c = await callEndpoint(s, endpoints.rechargeConfig, {}, { token: admin });
    expect(c.datas).toEqual({
      points_per_fen: 1,
      min_amount: 100,
      max_amount: 5_000_000,
      provider: 'sandbox',
      sandbox: true,
      expire_seconds: 900,
    });
  });

  it('creates an order, the sandbox payer pays it, points are credited once through the ledger', async () => {
    const order = await create(12_50, { request_id: 'recharge-req-1' });
    expect(order.errcode).toBe(0);
    expect(order.datas).toMatchObject({
      amount: 1250,
      points: 1250,
      state: 'created',
      provider: 'sandbox',
      sandbox: true,
    });
    expect(order.datas.order_no).toMatch(/^R\d{14}[A-Z2-9]{12}$/);
    expect(order.datas.qr_content).toBe(`http://localhost:80/sandbox/pay?order_no=${order.datas.order_no}`);

    // The sandbox page shows the order, without scripts.
    const page = await s.app.inject({ method: 'GET', url: `/sandbox/pay?order_no=${order.datas.order_no}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('¥ 12.50');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    expect((await pay(order.datas.order_no)).datas).toEqual({ state: 'paid' });
    // Paying again (a repeated notify) changes nothing.
    expect((await pay(order.datas.order_no)).datas).toEqual({ state: 'paid' });

    const l = await balance();
    expect(l.balance).toBe(1_000_00 + 12_50);
    const recharges = l.list.filter((e) => e.type === 'recharge');
    expect(recharges).toHaveLength(1);
    expect(recharges[0]).toMatchObject({
      balance_delta: 1250,
      recharge_no: order.datas.order_no,
      actor_name: '王店长',
    });

    const after = await status(order.datas.order_no);
    expect(after.datas).toMatchObject({ state: 'paid', qr_content: '' });
    expect(after.datas.trade_no).toMatch(/^SANDBOX/);
    expect(after.datas.paid_at).toBeGreaterThan(0);

    const record = await callEndpoint(s, endpoints.rechargeRecord, {}, { token: admin });
    expect(record.datas).toMatchObject({ total: 1, summary: { paid_amount: 1250, paid_points: 1250 } });

    // The sandbox page posts a form too (no script).
    const again = await s.app.inject({
      method: 'POST',
      url: '/sandbox/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `order_no=${order.datas.order_no}&outcome=pay`,
    });
    expect(again.statusCode).toBe(200);
    expect((await balance()).balance).toBe(1_000_00 + 12_50);
  });

  it('a repeated request_id answers the same order', async () => {
    const a = await create(500, { request_id: 'recharge-same-1' });
    const b = await create(500, { request_id: 'recharge-same-1' });
    expect(b.datas.order_no).toBe(a.datas.order_no);
    expect((await callEndpoint(s, endpoints.rechargeRecord, {}, { token: admin })).datas.total).toBe(1);
  });

  it('a failed sandbox payment charges nothing; the order can still be paid', async () => {
    const order = await create(300);
    expect((await pay(order.datas.order_no, 'fail')).datas).toEqual({ state: 'created' });
    expect((await balance()).balance).toBe(1_000_00);
    expect((await pay(order.datas.order_no)).datas).toEqual({ state: 'paid' });
    expect((await balance()).balance).toBe(1_000_00 + 300);
  });

  it('an unpaid order expires (lazily, on the next read) and can no longer be paid', async () => {
    const order = await create(1000);
    s.clock.advance(15 * 60_000 + 1);
    expect((await status(order.datas.order_no)).datas).toMatchObject({ state: 'expired', qr_content: '' });
    const late = await pay(order.datas.order_no);
    expect(late.errcode).toBe(ErrCode.RECHARGE_EXPIRED);
    expect((await balance()).balance).toBe(1_000_00);
  });

  it('a closed order can no longer be paid; closing a paid one is refused', async () => {
    const order = await create(1000);
    const closed = await callEndpoint(
      s,
      endpoints.rechargeClose,
      { order_no: order.datas.order_no },
      { token: admin },
    );
    expect(closed.datas.state).toBe('closed');
    expect((await pay(order.datas.order_no)).errcode).toBe(ErrCode.RECHARGE_CLOSED);
    expect((await balance()).balance).toBe(1_000_00);

    const paid = await create(200);
    await pay(paid.datas.order_no);
    const refused = await callEndpoint(
      s,
      endpoints.rechargeClose,
      { order_no: paid.datas.order_no },
      { token: admin },
    );
    expect(refused.errcode).toBe(ErrCode.RECHARGE_ALREADY_PAID);
  });

  it('bad amounts get a clear message and no order', async () => {
    expect(await create(99)).toMatchObject({
      errcode: ErrCode.RECHARGE_BELOW_MIN,
      msg: '充值金额不能低于 1.00 元',
    });
    const decimals = await create(100.5);
    expect(decimals).toMatchObject({ errcode: ErrCode.INVALID_INPUT, msg: '参数错误：金额最多两位小数' });
    expect((await create(5_000_001)).errcode).toBe(ErrCode.INVALID_INPUT);
    expect((await create('12.50')).errcode).toBe(ErrCode.INVALID_INPUT);
    expect((await callEndpoint(s, endpoints.rechargeRecord, {}, { token: admin })).datas.total).toBe(0);
  });

  it('limits the unpaid orders open at once', async () => {
    for (let i = 0; i < 5; i++) expect((await create(100)).errcode).toBe(0);
    expect((await create(100)).errcode).toBe(ErrCode.RECHARGE_TOO_MANY_OPEN);
  });

  it('refuses an Editor, who still sees the recharge record', async () => {
    const editor = await s.session(DEMO_EDITOR.username);
    const res = await callEndpoint(s, endpoints.rechargeCreate, { amount: 1000 }, { token: editor });
    expect(res.errcode).toBe(ErrCode.FORBIDDEN);
    expect((await callEndpoint(s, endpoints.rechargeRecord, {}, { token: editor })).errcode).toBe(0);
  });

  it('keeps orders to their account: another shop cannot read one', async () => {
    const order = await create(100);
    const other = await s.db
      .insertInto('accounts')
      .values({ name: '别家', vip_end_time: 0, integral: 0, created_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('users')
      .values({
        account_id: other.id,
        username: 'other_admin',
        password_hash: 'x',
        real_name: '',
        avatar: '',
        role: 0,
        phone_number: '',
        wx_openid: '',
        disabled: 0,
        created_at: 0,
        last_login_at: null,
      })
      .execute();
    const token = await s.session('other_admin');
    const res = await callEndpoint(
      s,
      endpoints.rechargeStatus,
      { order_no: order.datas.order_no },
      { token },
    );
    expect(res.errcode).toBe(ErrCode.RECHARGE_NOT_FOUND);
  });
});

describe('recharge in production without a payment provider (issue 24)', () => {
  it('recharge_config says none is configured (not "sandbox"), and recharge refuses with nothing written', async () => {
    const prod = await createTestServer({ config: { production: true } });
    try {
      const token = await prod.session();
      const c = await callEndpoint(prod, endpoints.rechargeConfig, {}, { token });
      expect(c.errcode).toBe(0);
      expect(c.datas).toMatchObject({ provider: null, sandbox: false });
      const before = await callEndpoint(prod, endpoints.userCenter, {}, { token });
      const r = await callEndpoint(
        prod,
        endpoints.rechargeCreate,
        { amount: 12_50, request_id: 'prod-r-1' },
        { token },
      );
      expect(r.errcode).toBe(ErrCode.PAYMENT_NOT_CONFIGURED);
      const after = await callEndpoint(prod, endpoints.userCenter, {}, { token });
      expect(after.datas.integral).toBe(before.datas.integral);
      const orders = await prod.db.selectFrom('recharge_orders').select('id').execute();
      expect(orders).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
