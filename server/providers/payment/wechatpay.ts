import { randomBytes } from 'node:crypto';
import type { WechatPayConfig } from '#server/payment-config.ts';
import {
  NotifyRejected,
  PaymentApiError,
  type NotifyAck,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStarted,
  type RawNotify,
} from './provider.ts';
import { fetchProvider } from './provider-fetch.ts';
import {
  authorization,
  decryptResource,
  responseMessage,
  rsaVerify,
  type EncryptedResource,
} from './wechatpay-crypto.ts';

/** WeChat Pay's advice: refuse an answer or notify whose timestamp is more than 5 minutes off. */
const MAX_SKEW_S = 300;

/** The decrypted transaction of a notify, or a query answer (the fields used here). */
interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

const header = (h: RawNotify['headers'], name: string): string => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/** RFC 3339 in China time, as WeChat Pay wants time_expire: 2026-03-01T17:15:00+08:00. */
export function rfc3339China(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * WeChat Pay API v3 (微信支付 APIv3, direct merchant): Native payment (a code_url the payer scans),
 * the notify (platform signature checked, resource decrypted with the APIv3 key), query by our
 * order number, and close. Every answer's signature is checked too.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat' as const;
  readonly sandbox = false;
  readonly merchant: string;
  private readonly config: WechatPayConfig;
  private readonly notifyUrl: string;
  private readonly now: () => number;

  constructor(config: WechatPayConfig, notifyBase: string, now: () => number = Date.now) {
    this.config = config;
    this.notifyUrl = `${notifyBase}/api/pay/notify/wechat`;
    this.now = now;
    this.merchant = `${config.appId}/${config.mchId}`;
  }

  async start(req: PaymentRequest): Promise<PaymentStarted> {
    const answer = await this.request<{ code_url?: string }>('POST', '/v3/pay/transactions/native', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: req.subject,
      out_trade_no: req.orderNo,
      time_expire: rfc3339China(req.expiresAt),
      notify_url: this.notifyUrl,
      amount: { total: req.amount, currency: 'CNY' },
    });
    if (!answer?.code_url) throw new PaymentApiError('native order answered no code_url');
    return { qrContent: answer.code_url };
  }

  parseNotify(raw: RawNotify): PaymentNotice {
    this.verify(raw.headers, raw.body, (m) => new NotifyRejected(m));
    let event: { event_type?: string; resource?: EncryptedResource };
    try {
      event = JSON.parse(raw.body) as typeof event;
    } catch {
      throw new NotifyRejected('body is not JSON');
    }
    if (!event.resource) throw new NotifyRejected('no resource');
    let tx: Transaction;
    try {
      tx = JSON.parse(decryptResource(event.resource, this.config.apiV3Key)) as Transaction;
    } catch {
      throw new NotifyRejected('resource could not be decrypted');
    }
    const notice = this.toNotice(tx);
    if (!notice) throw new NotifyRejected('transaction without out_trade_no, transaction_id or amount');
    return notice;
  }

  notifyAck(ok: boolean, message = 'rejected'): NotifyAck {
    // Success: HTTP 200/204 without a body; otherwise 4xx/5xx with { code: 'FAIL', message } and a retry.
    return ok
      ? { status: 204, contentType: 'application/json', body: '' }
      : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }

  async query(orderNo: string): Promise<PaymentQuery> {
    let tx: Transaction | null;
    try {
      tx = await this.request<Transaction>(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(this.config.mchId)}`,
      );
    } catch (err) {
      if (err instanceof PaymentApiError && err.code === 'ORDER_NOT_EXIST') return { kind: 'unknown' };
      throw err;
    }
    const state = tx?.trade_state ?? '';
    if (state === 'NOTPAY' || state === 'USERPAYING') return { kind: 'pending' };
    if (state === 'CLOSED' || state === 'REVOKED' || state === 'PAYERROR') return { kind: 'closed' };
    const notice = tx && this.toNotice(tx);
    if (!notice || !notice.paid) throw new PaymentApiError(`query answered the state ${state}`);
    return { kind: 'paid', notice };
  }

  async close(orderNo: string): Promise<void> {
    await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
      mchid: this.config.mchId,
    });
  }

  private toNotice(tx: Transaction): PaymentNotice | null {
    const amount = tx.amount?.total;
    if (!tx.out_trade_no || !tx.transaction_id || !Number.isInteger(amount)) return null;
    const paidAt = tx.success_time ? Date.parse(tx.success_time) : NaN;
    return {
      orderNo: tx.out_trade_no,
      tradeNo: tx.transaction_id,
      paid: tx.trade_state === 'SUCCESS',
      state: tx.trade_state ?? '',
      amount: amount as number,
      merchant: `${tx.appid ?? ''}/${tx.mchid ?? ''}`,
      paidAt: Number.isFinite(paidAt) ? paidAt : null,
    };
  }

  /** Checks the platform signature headers of an answer or notify; throws what `fail` makes. */
  private verify(headers: RawNotify['headers'], body: string, fail: (message: string) => Error): void {
    const serial = header(headers, 'Wechatpay-Serial');
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    if (serial !== this.config.platformSerial) throw fail(`unknown Wechatpay-Serial ${serial}`);
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(this.now() / 1000 - Number(timestamp)) > MAX_SKEW_S)
      throw fail('Wechatpay-Timestamp missing or more than 5 minutes off');
    if (
      !nonce ||
      !rsaVerify(responseMessage(timestamp, nonce, body), signature, this.config.platformPublicKey)
    )
      throw fail('bad signature');
  }

  /** A signed call; answers the verified JSON body (null for 204). Errors carry WeChat Pay's code. */
  private async request<T>(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    payload?: unknown,
  ): Promise<T | null> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const auth = authorization({
      mchId: this.config.mchId,
      serialNo: this.config.serialNo,
      privateKey: this.config.privateKey,
      method,
      pathAndQuery,
      body,
      timestamp: String(Math.floor(this.now() / 1000)),
      nonce: randomBytes(16).toString('hex'),
    });
    const { res, text } = await fetchProvider('WeChat Pay', `${this.config.apiBase}${pathAndQuery}`, {
      method,
      headers: {
        authorization: auth,
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body } : {}),
    });
    const headers = Object.fromEntries(res.headers.entries());
    if (res.status >= 400) {
      let code = '';
      try {
        code = String((JSON.parse(text) as { code?: string }).code ?? '');
      } catch {
        // Not JSON: keep the status alone.
      }
      throw new PaymentApiError(`WeChat Pay answered HTTP ${res.status} ${code}`, code);
    }
    this.verify(
      headers,
      text,
      (m) => new PaymentApiError(`WeChat Pay answer failed verification: ${m}`, 'bad_signature'),
    );
    if (res.status === 204 || text === '') return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PaymentApiError('WeChat Pay answered something other than JSON');
    }
  }
}
