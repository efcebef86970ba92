import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAlipay, rsaPair } from '#tests/setup/fake-alipay.ts';
import { expectUntrustedRefused, paymentRequestAt } from '#tests/setup/payment-provider-checks.ts';
import type { AlipayConfig } from '#server/payment-config.ts';
import { AlipayProvider } from './alipay.ts';
import { alipayTimestamp, parseAlipayTime, responseSignContent, signContent } from './alipay-sign.ts';
import { NotifyRejected, fenToYuan, yuanToFen } from './provider.ts';

const NOW = Date.UTC(2026, 2, 1, 9, 0, 0);
let fake: FakeAlipay;
let alipay: AlipayProvider;
const request = paymentRequestAt(NOW);

beforeAll(async () => {
  fake = await new FakeAlipay().start();
  alipay = new AlipayProvider(fake.config(), 'https://shop.example.com', () => NOW);
});
afterAll(async () => {
  await fake.stop();
});

describe('Alipay signing rules', () => {
  it('signs over sorted k=v pairs without sign and empty values, values not encoded', () => {
    expect(signContent({ b: '2', a: '1', sign: 'x', empty: '', c: 'a b&c' })).toBe('a=1&b=2&c=a b&c');
  });

  it('finds the signed text of a response object, braces inside strings included', () => {
    const raw = '{"alipay_trade_query_response":{"code":"10000","msg":"a}b{\\"c"},"sign":"S"}';
    expect(responseSignContent(raw, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"a}b{\\"c"}');
  });

  it('writes times and amounts as Alipay does', () => {
    expect(alipayTimestamp(NOW)).toBe('2026-03-01 17:00:00');
    expect(parseAlipayTime('2026-03-01 17:00:00')).toBe(NOW);
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(5)).toBe('0.05');
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('12.505')).toBeNull();
    expect(yuanToFen('-1.00')).toBeNull();
  });
});

describe('AlipayProvider against a local Alipay', () => {
  it('precreate: a signed call the gateway verifies; the QR code from a verified answer', async () => {
    const started = await alipay.start(request('R1'));
    expect(started.qrContent).toMatch(/^https:\/\/qr\.alipay\.com\//);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'alipay.trade.precreate', verified: true });
    expect(call.params).toMatchObject({
      app_id: '2021000000000001',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: 'https://shop.example.com/api/pay/notify/alipay',
      timestamp: '2026-03-01 17:00:00',
    });
    expect(JSON.parse(call.params.biz_content!)).toEqual({
      out_trade_no: 'R1',
      total_amount: '12.50',
      subject: 'RepairOps 积分充值',
      time_expire: '2026-03-01 17:15:00',
    });
  });

  it('verifies a notify and reads the payment; refuses one signed with another key or altered', async () => {
    await alipay.start(request('R2', 300));
    const body = fake.pay('R2', NOW + 60_000);
    const notice = alipay.parseNotify({ headers: {}, body });
    expect(notice).toMatchObject({
      orderNo: 'R2',
      paid: true,
      state: 'TRADE_SUCCESS',
      amount: 300,
      merchant: '2021000000000001/2088000000000001',
      paidAt: NOW + 60_000,
    });
    expect(notice.tradeNo).toMatch(/^2026/);

    const forged = fake.notifyBody(fake.notifyFields(fake.trades.get('R2')!), rsaPair().privateKey);
    expect(() => alipay.parseNotify({ headers: {}, body: forged })).toThrow(NotifyRejected);
    const altered = body.replace('total_amount=3.00', 'total_amount=300.00');
    expect(altered).not.toBe(body);
    expect(() => alipay.parseNotify({ headers: {}, body: altered })).toThrow(NotifyRejected);
    expect(() => alipay.parseNotify({ headers: {}, body: `${body}&trade_status=TRADE_SUCCESS` })).toThrow(
      NotifyRejected,
    );
    expect(alipay.notifyAck(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
  });

  it('query: pending, paid (with the amount), unknown; close: closes, refuses a paid trade', async () => {
    await alipay.start(request('R3', 100));
    expect(await alipay.query('R3')).toEqual({ kind: 'pending' });
    fake.pay('R3', NOW);
    const paid = await alipay.query('R3');
    expect(paid).toMatchObject({ kind: 'paid', notice: { orderNo: 'R3', amount: 100, paidAt: NOW } });
    expect(await alipay.query('NOPE')).toEqual({ kind: 'unknown' });
    await expect(alipay.close('R3')).rejects.toMatchObject({ code: 'ACQ.TRADE_STATUS_ERROR' });

    await alipay.start(request('R4', 100));
    await alipay.close('R4');
    expect(await alipay.query('R4')).toEqual({ kind: 'closed' });
    await alipay.close('NEVER-SCANNED'); // nothing to close is not an error
  });

  it('refuses an answer not signed by Alipay, and a gateway that does not accept our signature', async () => {
    const against = (over: Partial<AlipayConfig>) =>
      new AlipayProvider(fake.config(over), 'https://x.y', () => NOW);
    await expectUntrustedRefused(fake, request, 'isv.invalid-signature', {
      wrongProviderKey: against({ alipayPublicKey: rsaPair().publicKey }),
      wrongMerchantKey: against({ privateKey: rsaPair().privateKey }),
      unreachable: against({ gateway: 'http://127.0.0.1:1/gateway.do' }),
    });
  });

  it('page mode: a signed cashier URL for alipay.trade.page.pay', async () => {
    const page = new AlipayProvider(fake.config({ mode: 'page' }), 'https://shop.example.com', () => NOW);
    const { qrContent } = await page.start(request('R8'));
    const url = new URL(qrContent);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ method: 'alipay.trade.page.pay', app_id: '2021000000000001' });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      product_code: 'FAST_INSTANT_TRADE_PAY',
      out_trade_no: 'R8',
    });
    const { createVerify } = await import('node:crypto');
    const ok = createVerify('RSA-SHA256')
      .update(signContent(params), 'utf8')
      .verify(fake.app.publicKey, params.sign!, 'base64');
    expect(ok).toBe(true);
  });
});
