import { z } from 'zod';
import { hundredths, pageFields, unixTime } from './common.ts';

/**
 * The points ledger (domain.md: a double-entry ledger). Every change of an account's spendable
 * balance or frozen amount is one entry; summed, `balance_delta` gives the balance and
 * `frozen_delta` the frozen amount.
 * - opening: points the account was given (demo seed, sign-up grant)
 * - freeze: an order (or an addition to it) reserved its price: balance -, frozen +
 * - settle: a job succeeded and its share is paid: frozen -
 * - refund: a job failed, or its result was reused, and its share comes back: frozen -, balance +
 * - purchase: a package bought with points (balance -; its device checks: checks_delta +)
 * - recharge: money paid through a recharge order became points (balance +)
 * - package: a check order drew device checks from a bought package instead of points
 *   (balance and frozen 0; checks_delta -, purchase_id says which package, order_id which order)
 * - package_return: every check of a device paid by a package check failed, so the check went back
 *   to its package (checks_delta +1, purchase_id and order_id as the draw)
 * `checks_delta` summed gives the package checks still unused (package_surplus's check_left).
 *
 * The point record leaves out freeze, settle and refund entries that moved nothing (an order, or a
 * job of a device, paid by package checks: its price or share is 0): the package entry already says
 * what the order took, and
 * dozens of "Refunded 0.00" rows told a shop nothing (issue 27). They stay in the table, where the
 * unique index on job_id keeps each job's release exactly once.
 */
export const LEDGER_TYPES = [
  'opening',
  'freeze',
  'settle',
  'refund',
  'purchase',
  'recharge',
  'package',
  'package_return',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

export const ledgerRow = z.object({
  id: z.number().int(),
  type: z.enum(LEDGER_TYPES),
  balance_delta: hundredths,
  frozen_delta: hundredths,
  /** Spendable balance right after this entry. */
  balance_after: hundredths,
  order_id: z.number().int().nullable(),
  order_title: z.string().nullable(),
  /** The job it settles or refunds: its device and service, when there is one. */
  job_id: z.number().int().nullable(),
  device: z.string().nullable(),
  service: z.string().nullable(),
  actor_name: z.string().nullable(),
  /** Package device checks added (purchase) or drawn (package); 0 for the other types. */
  checks_delta: z.number().int().default(0),
  /** The package purchase (`buy_record` id) of a purchase or package entry; null otherwise. */
  purchase_id: z.number().int().nullable().default(null),
  /** The recharge order of a recharge entry; null otherwise. */
  recharge_no: z.string().nullable().default(null),
  /**
   * A repair status refresh's entry (its freeze, or a device's settle or refund): how many devices the
   * refresh asked about; null for every other entry. `device` then names the repair device.
   */
  refresh_devices: z.number().int().nullable().default(null),
  created_at: unixTime,
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const pointRecordInput = z
  .object({
    ...pageFields,
    type: z.enum(LEDGER_TYPES).optional(),
    order_id: z.number().int().positive().optional(),
  })
  .default({ page: 1, page_size: 20 });
export type PointRecordInput = z.input<typeof pointRecordInput>;

export const pointRecordOutput = z.object({
  list: z.array(ledgerRow),
  total: z.number().int().nonnegative(),
  /** The account's spendable and frozen points now, hundredths. */
  balance: hundredths,
  frozen: hundredths.nonnegative(),
});
export type PointRecordDatas = z.infer<typeof pointRecordOutput>;
