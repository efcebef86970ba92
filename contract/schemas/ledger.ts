import { z } from 'zod';
import { hundredths, pageFields, unixTime } from './common.ts';
import { LEDGER_TYPES } from '../values/ledger.ts';
export * from '../values/ledger.ts';

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
