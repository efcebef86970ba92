import type { PaymentProviderName } from '#contract/schemas/recharge.ts';

/** One payment to start at the provider: our order number is its out_trade_no. */
export interface PaymentRequest {
  orderNo: string;
  /** Fen. */
  amount: number;
  /** What the payer sees ("RepairOps 积分充值 12.50 元"). */
  subject: string;
  /** Unix ms after which the provider must refuse to take the payment. */
  expiresAt: number;
  /** This server's origin as the browser sees it (the sandbox page is served from it). */
  origin: string;
}

export interface PaymentStarted {
  /** What the QR code encodes: Alipay's qr_code, WeChat's code_url, or the sandbox page URL. */
  qrContent: string;
}

/**
 * A payment the provider reports (a verified notify, or a query answer). The recharge service checks
 * it against the order (amount, merchant account, time) before anything is credited.
 */
export interface PaymentNotice {
  orderNo: string;
  /** The provider's transaction number. */
  tradeNo: string;
  /** True only for a completed payment (Alipay TRADE_SUCCESS/TRADE_FINISHED, WeChat SUCCESS). */
  paid: boolean;
  /** The provider's state word, for the audit trail. */
  state: string;
  /** Fen actually paid for the order (total, not the buyer's share after coupons). */
  amount: number;
  /** The merchant account the payment went to (Alipay app_id/seller_id, WeChat appid/mchid). */
  merchant: string;
  /** Unix ms of the payment by the provider's clock; null when it does not say. */
  paidAt: number | null;
}

/** What the notify endpoint answers the provider, in its protocol. */
export interface NotifyAck {
  status: number;
  contentType: string;
  body: string;
}

/** The raw notify as it arrived: headers and the exact body bytes as text (signatures cover them). */
export interface RawNotify {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A notify whose signature (or decryption) failed, or that is malformed: nothing in it is trusted. */
export class NotifyRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotifyRejected';
  }
}

/** The provider could not be reached, answered an error, or its answer failed verification. */
export class PaymentApiError extends Error {
  readonly code: string;
  constructor(message: string, code = '') {
    super(message);
    this.name = 'PaymentApiError';
    this.code = code;
  }
}

/** The provider-side state of one order, as `query` finds it. */
export type PaymentQuery =
  | { kind: 'paid'; notice: PaymentNotice }
  | { kind: 'pending' }
  | { kind: 'closed' }
  /** The provider has no such order (never scanned, for Alipay precreate). */
  | { kind: 'unknown' };

/**
 * Money in from a payment provider (architecture: the outside world behind an adapter with a sandbox).
 * Alipay and WeChat Pay v3 speak their published protocols; the sandbox pays on a local page.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly sandbox: boolean;
  /** The merchant account notifies must name (checked against PaymentNotice.merchant). */
  readonly merchant: string;
  /** Creates the payment at the provider; throws PaymentApiError (nothing was charged). */
  start(request: PaymentRequest): Promise<PaymentStarted>;
  /** Verifies (and decrypts) a notify; throws NotifyRejected when it cannot be trusted. */
  parseNotify(raw: RawNotify): PaymentNotice;
  /** The answer that tells the provider the notify was taken (or not: it retries later). */
  notifyAck(ok: boolean, message?: string): NotifyAck;
  /** Asks the provider for the order's state (a lost notify is caught up this way). */
  query(orderNo: string): Promise<PaymentQuery>;
  /** Closes an unpaid order at the provider so it can no longer be paid. */
  close(orderNo: string): Promise<void>;
}

/** "12.50" (yuan, as Alipay writes amounts) to 1250 fen, exactly; null when not such an amount. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1250 fen to "12.50". */
export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}
