import type { Generated } from 'kysely';

// The wallet: packages on sale and bought, recharges and the payment providers' side of them.

/** A package on sale (get_account_price). Points hundredths, price fen. */
export interface WalletCombosTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** English and Spanish name and description ('' = none: the Chinese one shows; migration 0027). */
  name_en: Generated<string>;
  name_es: Generated<string>;
  description_en: Generated<string>;
  description_es: Generated<string>;
  points: number;
  price: number;
  vip_level: number;
  vip_days: number;
  check_quota: number;
  /** Days the checks stay usable after purchase; 0 = forever. */
  check_days: number;
  on_sale: number;
  sort: number;
}

/** A package bought (buy_record), a copy of the combo as it was, with its checks still unused. */
export interface PackagePurchasesTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  combo_id: number;
  combo_name: string;
  /** The combo's English and Spanish names as they were ('' = none). */
  combo_name_en: Generated<string>;
  combo_name_es: Generated<string>;
  points: number;
  vip_level: number;
  vip_days: number;
  check_quota: number;
  check_left: number;
  /** Unix ms when unused checks lapse; 0 = never. */
  expires_at: number;
  request_id: string | null;
  created_at: number;
}

export type RechargeStateDb = 'created' | 'paid' | 'closed' | 'expired';

export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  account_id: number;
  user_id: number;
  provider: string;
  /** Fen. */
  amount: number;
  /** Hundredths, credited when paid. */
  points: number;
  state: RechargeStateDb;
  qr_content: string;
  trade_no: string;
  request_id: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
}

/** What the server did with each notify or query answer (audit). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  order_no: string;
  trade_no: string;
  outcome: string;
  amount: number | null;
  detail: string;
  created_at: number;
}

/** The sandbox payment provider's side of each order (development and tests only). */
export interface SandboxPaymentsTable {
  order_no: string;
  amount: number;
  state: 'pending' | 'paid' | 'failed' | 'closed';
  trade_no: string;
  expires_at: number;
  paid_at: number | null;
  created_at: number;
}
