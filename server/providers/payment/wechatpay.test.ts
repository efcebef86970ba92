import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaPair } from '#tests/setup/fake-alipay.ts';
import { FAKE_WX_API_V3_KEY, FakeWechatPay } from '#tests/setup/fake-wechatpay.ts';
import { NotifyRejected } from './provider.ts';
import { expectUntrustedRefused, paymentRequestAt } from '#tests/setup/payment-provider-checks.ts';
import type { WechatPayConfig } from '#server/payment-config.ts';
import { WechatPayProvider, rfc3339China } from './wechatpay.ts';
import {
  authorization,
  decryptResource,
  encryptResource,
  parseAuthorization,
  requestMessage,
  responseMessage,
} from './wechatpay-crypto.ts';

const NOW = Date.UTC(2026, 2, 1, 9, 0, 0);
let fake: FakeWechatPay;
let wx: WechatPayProvider;
const request = paymentRequestAt(NOW);

beforeAll(async () => {
  fake = await new FakeWechatPay().start();
  fake.now = () => NOW;
  wx = new WechatPayProvider(fake.config(), 'https://shop.example.com', () => NOW);
});
afterAll(async () => {
  await fake.stop();
});

describe('WeChat Pay v3 signing and encryption rules', () => {
  it('builds the request and response messages line by line, each line ending in \\n', () => {
    expect(
      requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', ''),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
    expect(responseMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"a":1}')).toBe(
      '1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"a":1}\n',
    );
  });

  it('writes the Authorization header WeChat Pay reads', () => {
    const keys = rsaPair();
    const header = authorization({
      mchId: '1900009191',
      serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      privateKey: keys.privateKey,
      method: 'POST',
      pathAndQuery: '/v3/pay/transactions/native',
      body: '{}',
      timestamp: '1554208460',
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="[A-Za-z0-9+/=]+",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/,
    );
    expect(parseAuthorization(header)).toMatchObject({ mchid: '1900009191', timestamp: '1554208460' });
  });

  it('decrypts AEAD_AES_256_GCM with the APIv3 key, nonce and associated data; refuses any change', () => {
    const r = encryptResource('{"out_trade_no":"R1"}', FAKE_WX_API_V3_KEY, 'transaction', 'fdasflkja484');
    expect(decryptResource(r, FAKE_WX_API_V3_KEY)).toBe('{"out_trade_no":"R1"}');
    expect(() => decryptResource({ ...r, associated_data: 'certificate' }, FAKE_WX_API_V3_KEY)).toThrow();
    expect(() => decryptResource({ ...r, nonce: 'fdasflkja485' }, FAKE_WX_API_V3_KEY)).toThrow();
    expect(() => decryptResource(r, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345')).toThrow();
  });

  it('writes time_expire in RFC 3339, China time', () => {
    expect(rfc3339China(NOW)).toBe('2026-03-01T17:00:00+08:00');
  });
});

describe('WechatPayProvider against a local WeChat Pay', () => {
  it('Native: a signed request the platform verifies; code_url from a verified answer', async () => {
    const { qrContent } = await wx.start(request('R1'));
    expect(qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      verified: true,
    });
    expect(fake.txs.get('R1')).toMatchObject({
      time_expire: '2026-03-01T17:15:00+08:00',
      notify_url: 'https://shop.example.com/api/pay/notify/wechat',
      amount: { total: 1250 },
    });
  });

  it('verifies and decrypts a notify; refuses a wrong platform key, a wrong APIv3 key, a stale timestamp, an altered body', async () => {
    await wx.start(request('R2', 300));
    const n = fake.pay('R2', NOW + 60_000);
    const notice = wx.parseNotify(n);
    expect(notice).toMatchObject({
      orderNo: 'R2',
      paid: true,
      state: 'SUCCESS',
      amount: 300,
      merchant: 'wx0000000000000001/1900000001',
      paidAt: NOW + 60_000,
    });
    expect(notice.tradeNo).toMatch(/^4200/);

    const tx = fake.plain(fake.txs.get('R2')!);
    expect(() => wx.parseNotify(fake.notify(tx, { key: rsaPair().privateKey }))).toThrow(NotifyRejected);
    expect(() => wx.parseNotify(fake.notify(tx, { apiV3Key: 'ZYXWVUTSRQPONMLKJIHGFEDCBA543210' }))).toThrow(
      /decrypted/,
    );
    const stale = fake.notify(tx);
    stale.headers = { ...stale.headers, ...fake.signatureHeaders(stale.body, undefined, NOW - 10 * 60_000) };
    expect(() => wx.parseNotify(stale)).toThrow(/5 minutes/);
    const altered = { ...n, body: n.body.replace('"summary":"支付成功"', '"summary":"x"') };
    expect(() => wx.parseNotify(altered)).toThrow(/bad signature/);
    expect(() => wx.parseNotify({ ...n, headers: { ...n.headers, 'wechatpay-serial': 'OTHER' } })).toThrow(
      /Serial/,
    );
    expect(wx.notifyAck(true).status).toBe(204);
    expect(JSON.parse(wx.notifyAck(false, 'bad').body)).toEqual({ code: 'FAIL', message: 'bad' });
  });

  it('query: pending, paid with the amount, unknown; close: closes an unpaid order', async () => {
    await wx.start(request('R3', 100));
    expect(await wx.query('R3')).toEqual({ kind: 'pending' });
    fake.pay('R3', NOW);
    expect(await wx.query('R3')).toMatchObject({
      kind: 'paid',
      notice: { orderNo: 'R3', amount: 100, paidAt: NOW },
    });
    expect(await wx.query('NOPE')).toEqual({ kind: 'unknown' });
    await expect(wx.close('R3')).rejects.toMatchObject({ code: 'ORDERPAID' });
    await wx.start(request('R4', 100));
    await wx.close('R4');
    expect(await wx.query('R4')).toEqual({ kind: 'closed' });
  });

  it('refuses answers not signed by the platform, and is refused with a wrong merchant key', async () => {
    const against = (over: Partial<WechatPayConfig>) =>
      new WechatPayProvider(fake.config(over), 'https://x.y', () => NOW);
    await expectUntrustedRefused(fake, request, 'SIGN_ERROR', {
      wrongProviderKey: against({ platformPublicKey: rsaPair().publicKey }),
      wrongMerchantKey: against({ privateKey: rsaPair().privateKey }),
      unreachable: against({ apiBase: 'http://127.0.0.1:1' }),
    });
  });
});
