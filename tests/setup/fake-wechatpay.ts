// A local WeChat Pay API v3 for tests: it speaks the published protocol (requests signed with the
// merchant key in the Authorization header, answers and notifies signed with the platform key in the
// Wechatpay-* headers, notify resources encrypted with AEAD_AES_256_GCM under the APIv3 key), with keys
// generated in the test. It verifies every request like WeChat Pay does.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatPayConfig } from '#server/payment-config.ts';
import { rfc3339China } from '#server/providers/payment/wechatpay.ts';
import {
  encryptResource,
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
} from '#server/providers/payment/wechatpay-crypto.ts';
import { rsaPair } from './fake-alipay.ts';

export const FAKE_WX_APPID = 'wx0000000000000001';
export const FAKE_WX_MCHID = '1900000001';
export const FAKE_WX_MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const FAKE_WX_PLATFORM_SERIAL = 'PUB_KEY_ID_0119000000012026030100000000000001';
export const FAKE_WX_API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

interface Tx {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: 'NATIVE';
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  trade_state_desc: string;
  success_time?: string;
  amount: { total: number; payer_total: number; currency: 'CNY'; payer_currency: 'CNY' };
  payer: { openid: string };
  time_expire: string;
  notify_url: string;
}

export interface SignedNotify {
  headers: Record<string, string>;
  body: string;
}

export class FakeWechatPay {
  /** The merchant API key pair (its private key goes into the server's config). */
  readonly merchant = rsaPair();
  /** WeChat Pay's platform key pair (its public key goes into the server's config). */
  readonly platform = rsaPair();
  readonly txs = new Map<string, Tx>();
  readonly calls: { method: string; path: string; verified: boolean }[] = [];
  /** The clock the fake signs with (unix ms), so it agrees with a test clock. */
  now: () => number = Date.now;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const { status, answer } = this.handle(
          req.method ?? 'GET',
          req.url ?? '/',
          String(req.headers.authorization ?? ''),
          body,
        );
        const text = answer === null ? '' : JSON.stringify(answer);
        res.writeHead(status, { 'content-type': 'application/json', ...this.signatureHeaders(text) });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  config(over: Partial<WechatPayConfig> = {}): WechatPayConfig {
    return {
      appId: FAKE_WX_APPID,
      mchId: FAKE_WX_MCHID,
      serialNo: FAKE_WX_MERCHANT_SERIAL,
      privateKey: this.merchant.privateKey,
      apiV3Key: FAKE_WX_API_V3_KEY,
      platformPublicKey: this.platform.publicKey,
      platformSerial: FAKE_WX_PLATFORM_SERIAL,
      apiBase: this.url,
      ...over,
    };
  }

  /** Wechatpay-* headers over a body, signed with a key (the platform's by default). */
  signatureHeaders(
    body: string,
    privateKey = this.platform.privateKey,
    at = this.now(),
  ): Record<string, string> {
    const timestamp = String(Math.floor(at / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-serial': FAKE_WX_PLATFORM_SERIAL,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': rsaSign(responseMessage(timestamp, nonce, body), privateKey),
    };
  }

  /** The payer pays: the transaction succeeds; answers the signed, encrypted notify WeChat Pay sends. */
  pay(outTradeNo: string, at = this.now()): SignedNotify {
    const tx = this.txs.get(outTradeNo);
    if (!tx) throw new Error(`no transaction ${outTradeNo}`);
    if (tx.trade_state === 'NOTPAY') {
      tx.trade_state = 'SUCCESS';
      tx.trade_state_desc = '支付成功';
      tx.transaction_id = `4200${randomBytes(12).toString('hex')}`;
      tx.success_time = rfc3339China(at);
      tx.payer.openid = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
    }
    return this.notify(this.plain(tx));
  }

  /** A notify event around a (possibly altered) transaction, encrypted and signed. */
  notify(tx: Record<string, unknown>, opts: { key?: string; apiV3Key?: string } = {}): SignedNotify {
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: rfc3339China(this.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encryptResource(
        JSON.stringify(tx),
        opts.apiV3Key ?? FAKE_WX_API_V3_KEY,
        'transaction',
        randomBytes(6).toString('hex'),
      ),
    });
    return {
      headers: { 'content-type': 'application/json', ...this.signatureHeaders(body, opts.key) },
      body,
    };
  }

  plain(tx: Tx): Record<string, unknown> {
    const { time_expire: _e, notify_url: _n, ...rest } = tx;
    return { ...rest, bank_type: 'OTHERS', attach: '' };
  }

  private handle(
    method: string,
    url: string,
    auth: string,
    body: string,
  ): { status: number; answer: unknown } {
    const fields = parseAuthorization(auth);
    const verified =
      !!fields &&
      fields.mchid === FAKE_WX_MCHID &&
      fields.serial_no === FAKE_WX_MERCHANT_SERIAL &&
      Math.abs(this.now() / 1000 - Number(fields.timestamp)) <= 300 &&
      rsaVerify(
        requestMessage(method, url, fields.timestamp ?? '', fields.nonce_str ?? '', body),
        fields.signature ?? '',
        this.merchant.publicKey,
      );
    const path = new URL(url, 'http://x').pathname;
    this.calls.push({ method, path, verified });
    if (!verified) return { status: 401, answer: { code: 'SIGN_ERROR', message: '签名错误' } };

    if (method === 'POST' && path === '/v3/pay/transactions/native') {
      const req = JSON.parse(body) as {
        appid: string;
        mchid: string;
        out_trade_no: string;
        time_expire: string;
        notify_url: string;
        amount: { total: number };
      };
      if (req.mchid !== FAKE_WX_MCHID || !Number.isInteger(req.amount?.total) || req.amount.total <= 0)
        return { status: 400, answer: { code: 'PARAM_ERROR', message: '参数错误' } };
      this.txs.set(req.out_trade_no, {
        appid: req.appid,
        mchid: req.mchid,
        out_trade_no: req.out_trade_no,
        transaction_id: '',
        trade_type: 'NATIVE',
        trade_state: 'NOTPAY',
        trade_state_desc: '未支付',
        amount: {
          total: req.amount.total,
          payer_total: req.amount.total,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
        payer: { openid: '' },
        time_expire: req.time_expire,
        notify_url: req.notify_url,
      });
      return {
        status: 200,
        answer: { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}` },
      };
    }
    const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (m) {
      const tx = this.txs.get(decodeURIComponent(m[1]!));
      if (!tx) return { status: 404, answer: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
      if (m[2]) {
        if (tx.trade_state === 'SUCCESS')
          return { status: 400, answer: { code: 'ORDERPAID', message: '订单已支付' } };
        tx.trade_state = 'CLOSED';
        return { status: 204, answer: null };
      }
      return { status: 200, answer: this.plain(tx) };
    }
    return { status: 404, answer: { code: 'NOT_FOUND', message: 'no such API' } };
  }
}
