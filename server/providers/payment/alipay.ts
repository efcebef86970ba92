import type { AlipayConfig } from '#server/payment-config.ts';
import {
  alipayTimestamp,
  notifySignContent,
  parseAlipayTime,
  responseSignContent,
  rsa2Sign,
  rsa2Verify,
  signContent,
} from './alipay-sign.ts';
import {
  NotifyRejected,
  PaymentApiError,
  fenToYuan,
  yuanToFen,
  type NotifyAck,
  type PaymentNotice,
  type PaymentProvider,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStarted,
  type RawNotify,
} from './provider.ts';
import { fetchProvider } from './provider-fetch.ts';

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

interface AlipayAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [key: string]: unknown;
}

/**
 * Alipay (支付宝开放平台, OpenAPI gateway.do, RSA2): face-to-face precreate (a QR code the payer
 * scans) or the computer-site cashier page, the asynchronous notify, query and close. Every answer
 * and every notify is verified with Alipay's public key before anything in it is believed.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay' as const;
  readonly sandbox = false;
  readonly merchant: string;
  private readonly config: AlipayConfig;
  private readonly notifyUrl: string;
  private readonly now: () => number;

  constructor(config: AlipayConfig, notifyBase: string, now: () => number = Date.now) {
    this.config = config;
    this.notifyUrl = `${notifyBase}/api/pay/notify/alipay`;
    this.now = now;
    this.merchant = merchantOf(config.appId, config.sellerId);
  }

  async start(req: PaymentRequest): Promise<PaymentStarted> {
    const biz = {
      out_trade_no: req.orderNo,
      total_amount: fenToYuan(req.amount),
      subject: req.subject,
      time_expire: alipayTimestamp(req.expiresAt),
    };
    if (this.config.mode === 'page') {
      const params = this.signed('alipay.trade.page.pay', { ...biz, product_code: 'FAST_INSTANT_TRADE_PAY' });
      return { qrContent: `${this.config.gateway}?${new URLSearchParams(params).toString()}` };
    }
    const answer = await this.call('alipay.trade.precreate', biz);
    if (answer.code !== '10000' || typeof answer.qr_code !== 'string')
      throw new PaymentApiError(
        `precreate refused: ${describe(answer)}`,
        answer.sub_code ?? answer.code ?? '',
      );
    return { qrContent: answer.qr_code };
  }

  parseNotify(raw: RawNotify): PaymentNotice {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(raw.body)) {
      if (Object.hasOwn(fields, k)) throw new NotifyRejected(`field ${k} appears twice`);
      fields[k] = v;
    }
    if (fields.sign_type && fields.sign_type !== 'RSA2') throw new NotifyRejected('sign_type is not RSA2');
    if (!rsa2Verify(notifySignContent(fields), fields.sign ?? '', this.config.alipayPublicKey))
      throw new NotifyRejected('bad signature');
    const amount = yuanToFen(fields.total_amount ?? '');
    if (!fields.out_trade_no || !fields.trade_no || amount === null)
      throw new NotifyRejected('out_trade_no, trade_no or total_amount missing');
    return {
      orderNo: fields.out_trade_no,
      tradeNo: fields.trade_no,
      paid: PAID.has(fields.trade_status ?? ''),
      state: fields.trade_status ?? '',
      amount,
      merchant: merchantOf(fields.app_id ?? '', this.config.sellerId ? (fields.seller_id ?? '') : ''),
      paidAt: parseAlipayTime(fields.gmt_payment),
    };
  }

  notifyAck(ok: boolean): NotifyAck {
    // Alipay stops retrying once it reads exactly "success"; anything else is retried later.
    return {
      status: ok ? 200 : 400,
      contentType: 'text/plain; charset=utf-8',
      body: ok ? 'success' : 'fail',
    };
  }

  async query(orderNo: string): Promise<PaymentQuery> {
    const a = await this.call('alipay.trade.query', { out_trade_no: orderNo });
    if (a.code !== '10000') {
      if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { kind: 'unknown' };
      throw new PaymentApiError(`query refused: ${describe(a)}`, a.sub_code ?? a.code ?? '');
    }
    const status = String(a.trade_status ?? '');
    if (status === 'WAIT_BUYER_PAY') return { kind: 'pending' };
    if (status === 'TRADE_CLOSED') return { kind: 'closed' };
    const amount = yuanToFen(String(a.total_amount ?? ''));
    if (!PAID.has(status) || amount === null || typeof a.trade_no !== 'string')
      throw new PaymentApiError(`query answered an unknown state ${status}`);
    return {
      kind: 'paid',
      notice: {
        orderNo,
        tradeNo: a.trade_no,
        paid: true,
        state: status,
        amount,
        // A signed answer to our own query: it is about our merchant account.
        merchant: this.merchant,
        paidAt: parseAlipayTime(typeof a.send_pay_date === 'string' ? a.send_pay_date : undefined),
      },
    };
  }

  async close(orderNo: string): Promise<void> {
    const a = await this.call('alipay.trade.close', { out_trade_no: orderNo });
    // Never scanned: Alipay has no trade to close, and time_expire stops any later payment.
    if (a.code === '10000' || a.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
    throw new PaymentApiError(`close refused: ${describe(a)}`, a.sub_code ?? a.code ?? '');
  }

  /** The common parameters plus biz_content, signed. */
  private signed(method: string, biz: Record<string, string>): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTimestamp(this.now()),
      version: '1.0',
      notify_url: this.notifyUrl,
      biz_content: JSON.stringify(biz),
    };
    params.sign = rsa2Sign(signContent(params), this.config.privateKey);
    return params;
  }

  /** POSTs a signed call and answers its verified `<method>_response` object. */
  private async call(method: string, biz: Record<string, string>): Promise<AlipayAnswer> {
    const body = new URLSearchParams(this.signed(method, biz)).toString();
    const { res, text } = await fetchProvider('Alipay', `${this.config.gateway}?charset=utf-8`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body,
    });
    if (!res.ok) throw new PaymentApiError(`Alipay answered HTTP ${res.status}`);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PaymentApiError('Alipay answered something other than JSON');
    }
    const answer = (parsed[responseKey] ?? parsed.error_response) as AlipayAnswer | undefined;
    if (!answer || typeof answer !== 'object')
      throw new PaymentApiError(`Alipay answer without ${responseKey}`);
    // Only a signed answer is believed (an error_response for a bad app id comes unsigned).
    const content = responseSignContent(text, parsed[responseKey] ? responseKey : 'error_response');
    const sign = typeof parsed.sign === 'string' ? parsed.sign : '';
    if (!content || !rsa2Verify(content, sign, this.config.alipayPublicKey))
      throw new PaymentApiError(`Alipay answer failed verification: ${describe(answer)}`, 'bad_signature');
    return answer;
  }
}

function merchantOf(appId: string, sellerId: string): string {
  return sellerId ? `${appId}/${sellerId}` : appId;
}

function describe(a: AlipayAnswer): string {
  return [a.code, a.msg, a.sub_code, a.sub_msg].filter(Boolean).join(' ');
}
