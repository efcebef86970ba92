// Values of contract/schemas/ledger.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

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
