import type { Generated } from 'kysely';

// The points ledger: every change of an account's balance, frozen points and package checks.

export interface LedgerEntriesTable {
  id: Generated<number>;
  account_id: number;
  /** A LedgerType of the contract. */
  type: string;
  balance_delta: number;
  frozen_delta: number;
  balance_after: number;
  order_id: number | null;
  job_id: number | null;
  actor_user_id: number | null;
  created_at: number;
  /** A repair refresh's job this entry settles or refunds (migration 0007), else null. */
  repair_job_id?: number | null;
  repair_refresh_id?: number | null;
  /** Package device checks added (purchase, +) or drawn (package, -). */
  checks_delta: Generated<number>;
  /** The purchase of a purchase or package entry. */
  purchase_id: Generated<number | null>;
  /** The recharge order of a recharge entry (unique: credited once). */
  recharge_id: Generated<number | null>;
}
