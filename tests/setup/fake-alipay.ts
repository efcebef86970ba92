// A local Alipay OpenAPI gateway for tests: it speaks the published protocol (form-encoded signed
// calls to gateway.do, JSON answers signed over their `<method>_response` text, asynchronous notifies
// as signed forms) with RSA keys generated in the test. It verifies every call like Alipay does.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlipayConfig } from '#server/payment-config.ts';
import {
  alipayTimestamp,
  notifySignContent,
  rsa2Sign,
  rsa2Verify,
  signContent,
} from '#server/providers/payment/alipay-sign.ts';

export interface RsaPair {
  privateKey: string;
  publicKey: string;
}
export const rsaPair = (): RsaPair =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const FAKE_ALIPAY_APP_ID = '2021000000000001';
export const FAKE_ALIPAY_SELLER = '2088000000000001';

interface Trade {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  time_expire: string;
  notify_url: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  trade_no: string;
  gmt_payment: string;
}

export class FakeAlipay {
  /** The merchant's application keys (its private key goes into the server's config). */
  readonly app = rsaPair();
  /** Alipay's own keys (its public key goes into the server's config). */
  readonly alipay = rsaPair();
  readonly trades = new Map<string, Trade>();
  /** Every call as received (method, params), for the tests to inspect. */
  readonly calls: { method: string; params: Record<string, string>; verified: boolean }[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const params: Record<string, string> = {};
        for (const [k, v] of new URL(req.url ?? '/', 'http://x').searchParams) params[k] = v;
        for (const [k, v] of new URLSearchParams(body)) params[k] = v;
        const text = this.answer(params);
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  config(over: Partial<AlipayConfig> = {}): AlipayConfig {
    return {
      appId: FAKE_ALIPAY_APP_ID,
      privateKey: this.app.privateKey,
      alipayPublicKey: this.alipay.publicKey,
      gateway: this.url,
      sellerId: FAKE_ALIPAY_SELLER,
      mode: 'precreate',
      ...over,
    };
  }

  /** The payer scans and pays: the trade succeeds; answers the signed notify form Alipay would POST. */
  pay(outTradeNo: string, at = Date.now()): string {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    if (t.status === 'WAIT_BUYER_PAY') {
      t.status = 'TRADE_SUCCESS';
      t.trade_no = `2026${randomBytes(10).toString('hex')}`;
      t.gmt_payment = alipayTimestamp(at);
    }
    return this.notifyBody(this.notifyFields(t));
  }

  /** The fields of a TRADE_SUCCESS notify for a trade (tests alter them to forge). */
  notifyFields(t: Trade): Record<string, string> {
    return {
      notify_time: t.gmt_payment,
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(12).toString('hex'),
      app_id: FAKE_ALIPAY_APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.trade_no,
      out_trade_no: t.out_trade_no,
      seller_id: FAKE_ALIPAY_SELLER,
      trade_status: t.status,
      total_amount: t.total_amount,
      receipt_amount: t.total_amount,
      subject: t.subject,
      gmt_create: t.gmt_payment,
      gmt_payment: t.gmt_payment,
    };
  }

  /** Signs notify fields with a key (Alipay's by default) and encodes them as the form body. */
  notifyBody(fields: Record<string, string>, privateKey = this.alipay.privateKey): string {
    const sign = rsa2Sign(notifySignContent(fields), privateKey);
    return new URLSearchParams({ ...fields, sign }).toString();
  }

  private answer(params: Record<string, string>): string {
    const method = params.method ?? '';
    const key = `${method.replaceAll('.', '_')}_response`;
    const verified =
      params.app_id === FAKE_ALIPAY_APP_ID &&
      params.sign_type === 'RSA2' &&
      rsa2Verify(signContent(params), params.sign ?? '', this.app.publicKey);
    this.calls.push({ method, params, verified });
    if (!verified)
      return this.signed(key, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const t = this.trades.get(biz.out_trade_no ?? '');
    const notExist = {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    };
    switch (method) {
      case 'alipay.trade.precreate': {
        if (!/^\d+\.\d{2}$/.test(biz.total_amount ?? '') || !biz.subject || !biz.out_trade_no)
          return this.signed(key, {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.invalid-parameter',
          });
        this.trades.set(biz.out_trade_no, {
          out_trade_no: biz.out_trade_no,
          total_amount: biz.total_amount!,
          subject: biz.subject,
          time_expire: biz.time_expire ?? '',
          notify_url: params.notify_url ?? '',
          status: 'WAIT_BUYER_PAY',
          trade_no: '',
          gmt_payment: '',
        });
        return this.signed(key, {
          code: '10000',
          msg: 'Success',
          out_trade_no: biz.out_trade_no,
          qr_code: `https://qr.alipay.com/bax0${randomBytes(8).toString('hex')}`,
        });
      }
      case 'alipay.trade.query':
        if (!t) return this.signed(key, notExist);
        return this.signed(key, {
          code: '10000',
          msg: 'Success',
          out_trade_no: t.out_trade_no,
          trade_no: t.trade_no,
          trade_status: t.status,
          total_amount: t.total_amount,
          ...(t.gmt_payment ? { send_pay_date: t.gmt_payment } : {}),
        });
      case 'alipay.trade.close':
        if (!t) return this.signed(key, notExist);
        if (t.status === 'TRADE_SUCCESS')
          return this.signed(key, {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.TRADE_STATUS_ERROR',
          });
        t.status = 'TRADE_CLOSED';
        return this.signed(key, { code: '10000', msg: 'Success', out_trade_no: t.out_trade_no });
      default:
        return this.signed(key, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
    }
  }

  /** `{"<key>":{…},"sign":"…"}`, signed over the exact text of the object. */
  private signed(key: string, obj: Record<string, string>): string {
    const text = JSON.stringify(obj);
    return `{"${key}":${text},"sign":"${rsa2Sign(text, this.alipay.privateKey)}"}`;
  }
}
