import { z } from 'zod';
import { hundredths, pageFields, requestId, safeText, unixTime } from './common.ts';
import { WARRANTY_TYPES } from './checks-results.ts';
import {
  REPAIR_ID_RE,
  REPAIR_PROGRESS,
  LOGISTICS_BADGES,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTE_MAX,
  TRACKING_MAX,
} from '../values/repairs.ts';
export * from '../values/repairs.ts';

/**
 * Repair progress management (domain.md "Product 2"): tracked devices grouped in batches, their
 * status from the repair-status provider, the shop's logistics badge, monitors, customer links.
 * Amounts are hundredths (like points); times are unix seconds unless the name ends in `_ms`.
 */

export const REPAIR_IDS_MAX = 10;
export const repairId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(REPAIR_ID_RE, { error: 'A repair id is one of A, G, R, D, N and 9 digits.' });

/**
 * Repair eligibility, answered by the provider while the device has no repair order (no repair id):
 * not ordered yet, ordered, repaired before, order forbidden, repair only (no replacement),
 * replaced before, unknown.
 */
export const REPAIR_ELIGIBILITY = [
  'not_ordered',
  'ordered',
  'repaired_before',
  'order_forbidden',
  'repair_only',
  'replaced',
  'unknown',
] as const;
export type RepairEligibility = (typeof REPAIR_ELIGIBILITY)[number];

export const logisticsBadge = z.enum(LOGISTICS_BADGES);

/** Apple's return shipment, as the provider reports it once the device is shipped back. */
export const RETURN_LOGISTICS = [
  'in_transit',
  'picked_up',
  'problem',
  'signed',
  'refused_returned',
  'out_for_delivery',
  'returning',
] as const;
export type ReturnLogistics = (typeof RETURN_LOGISTICS)[number];

/** State of the last paid status refresh of a device: none yet, queued/running, done, failed (refunded). */
export const REFRESH_STATES = ['none', 'pending', 'done', 'failed'] as const;
export type RefreshState = (typeof REFRESH_STATES)[number];

/** The warranty facts kept at intake (from a check result or typed in), so later checks do not overwrite them. */
export const warrantySnapshot = z.object({
  warranty_type: z.enum(WARRANTY_TYPES).nullable(),
  warranty_end: z.string().nullable(),
  purchase_date: z.string().nullable(),
});
export type WarrantySnapshot = z.infer<typeof warrantySnapshot>;

/** One tracked device, as the list and the detail show it. */
export const repairDeviceRow = z.object({
  id: z.number().int(),
  batch_id: z.number().int(),
  batch_title: z.string(),
  /** Running number within the account (1, 2, 3 …), shown as the device's intake number. */
  no: z.number().int().positive(),
  sn: z.string().nullable(),
  imei: z.string().nullable(),
  /** Apple repair ids, oldest first; the last one is the repair the progress belongs to. */
  repair_ids: z.array(z.string()),
  /** The replacement unit's identifiers, once Apple replaced the device. */
  new_sn: z.string().nullable(),
  new_imei: z.string().nullable(),
  model: z.string().nullable(),
  customer_name: z.string(),
  customer_phone: z.string(),
  customer_note: z.string(),
  /** The counter's customer record the device belongs to (issue 26), when it has one. */
  customer_id: z.number().int().nullable(),
  /** The courier number the device came in with. */
  courier_in: z.string(),
  /** The return shipment's tracking number (from the provider, or typed in). */
  return_tracking: z.string(),
  return_logistics: z.enum(RETURN_LOGISTICS).nullable(),
  warranty: warrantySnapshot,
  purchase_price: hundredths.nullable(),
  sale_price: hundredths.nullable(),
  badge: logisticsBadge,
  /** Before a repair order exists (no repair id); null until refreshed. */
  eligibility: z.enum(REPAIR_ELIGIBILITY).nullable(),
  /** After a repair order exists; null until refreshed. */
  progress: z.enum(REPAIR_PROGRESS).nullable(),
  /** quote_pending: when the quote lapses unless paid (unix seconds); else null. */
  quote_deadline: unixTime.nullable(),
  /** quote_pending: the quoted amount, hundredths of CNY; else null. */
  quote_amount: hundredths.nullable(),
  /** When eligibility, progress or return logistics last changed (unix seconds); 0 never. */
  changed_at: unixTime,
  /** When the provider was last asked (unix seconds); 0 never. */
  refreshed_at: unixTime,
  refresh_state: z.enum(REFRESH_STATES),
  /** Why the last refresh failed (plain words), when failed. */
  refresh_error: z.string().nullable(),
  watched: z.boolean(),
  /** The status came from the sandbox provider: not real data (the UI says so). */
  sandbox: z.boolean(),
  /** A customer status link is active for this device. */
  link_active: z.boolean(),
  /** The check order it was taken from, when intake came from one. */
  source_check_order_id: z.number().int().nullable(),
  created_at: unixTime,
  /** Last change of any field, ms: lets the PWA follow changes cheaply. */
  updated_ms: z.number().int().nonnegative(),
});
export type RepairDeviceRow = z.infer<typeof repairDeviceRow>;

/** Kinds of progress event: a status change from the provider, or a change the shop made. */
export const REPAIR_EVENT_KINDS = [
  'intake',
  'eligibility',
  'progress',
  'return_logistics',
  'badge',
  'repair_id_added',
  'edit',
] as const;
export type RepairEventKind = (typeof REPAIR_EVENT_KINDS)[number];

/** One entry of a device's timeline. `from`/`to` are the enum values of that kind (or null). */
export const repairEventRow = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  kind: z.enum(REPAIR_EVENT_KINDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The repair id the event belongs to (progress events), else null. */
  repair_id: z.string().nullable(),
  /** Who made it (a shop change), or null (the provider / a monitor). */
  actor_name: z.string().nullable(),
  /** Where the change came from. */
  source: z.enum(['provider', 'monitor', 'shop']),
  at: unixTime,
});
export type RepairEventRow = z.infer<typeof repairEventRow>;

// ---------------------------------------------------------------------------------------------
// Batches

export const BATCH_TITLE_MAX = 60;
export const BATCH_REMARK_MAX = 500;

/** A batch ("order") of tracked devices, with counts for the list. */
export const repairBatchRow = z.object({
  id: z.number().int(),
  title: z.string(),
  remark: z.string(),
  devices: z.number().int().nonnegative(),
  watched: z.number().int().nonnegative(),
  /** Devices whose status changed today (shop's time zone). */
  changed_today: z.number().int().nonnegative(),
  created_at: unixTime,
  creator_name: z.string(),
});
export type RepairBatchRow = z.infer<typeof repairBatchRow>;

/** Create an empty batch; devices come in through device_intake. */
export const repairBatchCreateInput = z.object({
  title: safeText({ min: 1, max: BATCH_TITLE_MAX }),
  remark: safeText({ max: BATCH_REMARK_MAX, kind: 'remark' }).default(''),
  request_id: requestId.optional(),
});
export type RepairBatchCreateInput = z.input<typeof repairBatchCreateInput>;

export const repairBatchEditInput = z.object({
  batch_id: z.number().int().positive(),
  title: safeText({ min: 1, max: BATCH_TITLE_MAX }).optional(),
  remark: safeText({ max: BATCH_REMARK_MAX, kind: 'remark' }).optional(),
  request_id: requestId.optional(),
});
export type RepairBatchEditInput = z.input<typeof repairBatchEditInput>;

/** Soft delete of a batch and its devices (their monitors and customer links stop). */
export const repairBatchDeleteInput = z.object({
  batch_id: z.number().int().positive(),
  request_id: requestId.optional(),
});

export const repairBatchListInput = z
  .object({ ...pageFields, keyword: safeText({ max: 64 }).default('') })
  .default({ page: 1, page_size: 20, keyword: '' });
export type RepairBatchListInput = z.input<typeof repairBatchListInput>;
export const repairBatchListOutput = z.object({
  list: z.array(repairBatchRow),
  total: z.number().int().nonnegative(),
});
export type RepairBatchListDatas = z.infer<typeof repairBatchListOutput>;

// ---------------------------------------------------------------------------------------------
// Device list, detail, edits, badge

/**
 * One page of tracked devices. Filters combine with AND; `keyword` matches an SN or IMEI (as taken
 * in or of the replacement unit) or a repair id exactly (any case), else the beginning of the
 * customer's phone (digits) or name. Newest intake first; with `changed_today`, latest change first.
 */
export const repairDeviceListInput = z
  .object({
    ...pageFields,
    batch_id: z.number().int().positive().optional(),
    progress: z.array(z.enum(REPAIR_PROGRESS)).max(REPAIR_PROGRESS.length).optional(),
    eligibility: z.array(z.enum(REPAIR_ELIGIBILITY)).max(REPAIR_ELIGIBILITY.length).optional(),
    badge: z.array(logisticsBadge).max(LOGISTICS_BADGES.length).optional(),
    watched: z.boolean().optional(),
    /** Only devices whose status changed today in the shop's time zone. */
    changed_today: z.boolean().optional(),
    keyword: safeText({ max: 64 }).default(''),
  })
  .default({ page: 1, page_size: 20, keyword: '' });
export type RepairDeviceListInput = z.input<typeof repairDeviceListInput>;
export const repairDeviceListOutput = z.object({
  list: z.array(repairDeviceRow),
  total: z.number().int().nonnegative(),
  /** Server time of the answer, ms. */
  server_ms: z.number().int().nonnegative(),
});
export type RepairDeviceListDatas = z.infer<typeof repairDeviceListOutput>;

export const repairDeviceDetailInput = z.object({ device_id: z.number().int().positive() });
export type RepairDeviceDetailInput = z.input<typeof repairDeviceDetailInput>;
/** One device with its whole timeline, newest event first. */
export const repairDeviceDetailOutput = z.object({
  device: repairDeviceRow,
  events: z.array(repairEventRow),
});
export type RepairDeviceDetailDatas = z.infer<typeof repairDeviceDetailOutput>;

const price = hundredths.nonnegative().max(100_000_000).nullable();
const text = (max: number, kind: 'name' | 'remark' = 'name') => safeText({ max, kind });

/**
 * Change what the shop knows of a device; only the fields given change. `repair_ids` replaces the
 * list (each validated; adding one starts following that repair). Identifiers of the replacement
 * unit are checked like intake identifiers.
 */
export const repairDeviceEditInput = z.object({
  device_id: z.number().int().positive(),
  repair_ids: z.array(repairId).max(REPAIR_IDS_MAX).optional(),
  new_sn: text(20).nullable().optional(),
  new_imei: text(20).nullable().optional(),
  customer_name: text(CUSTOMER_NAME_MAX).optional(),
  customer_phone: text(20).optional(),
  customer_note: text(CUSTOMER_NOTE_MAX, 'remark').optional(),
  courier_in: text(TRACKING_MAX).optional(),
  return_tracking: text(TRACKING_MAX).optional(),
  purchase_price: price.optional(),
  sale_price: price.optional(),
  warranty: warrantySnapshot
    .extend({
      warranty_end: safeText({ max: 40 }).nullable(),
      purchase_date: safeText({ max: 40 }).nullable(),
    })
    .optional(),
  request_id: requestId.optional(),
});
export type RepairDeviceEditInput = z.input<typeof repairDeviceEditInput>;

/** Soft delete of devices (monitors and customer links stop). */
export const repairDeviceDeleteInput = z.object({
  device_ids: z.array(z.number().int().positive()).min(1).max(1000),
  request_id: requestId.optional(),
});

/** Move devices to a badge; a device whose current badge does not allow the move is listed in `refused`. */
export const repairBadgeChangeInput = z.object({
  device_ids: z.array(z.number().int().positive()).min(1).max(1000),
  badge: logisticsBadge,
  request_id: requestId.optional(),
});
export type RepairBadgeChangeInput = z.input<typeof repairBadgeChangeInput>;
export const repairBadgeChangeOutput = z.object({
  changed: z.number().int().nonnegative(),
  refused: z.array(z.object({ device_id: z.number().int(), from: logisticsBadge })),
});
export type RepairBadgeChangeDatas = z.infer<typeof repairBadgeChangeOutput>;

// ---------------------------------------------------------------------------------------------
// Refresh (paid) and today's changes

export const REFRESH_MAX_DEVICES = 10_000;

/**
 * Ask the provider again for the status of chosen devices (or every device of a batch). The price
 * (devices x REPAIR_REFRESH_PRICE) is frozen now, settled per device when answered, refunded when
 * it fails. Devices with a refresh still running are skipped (not charged twice).
 */
export const repairRefreshInput = z
  .object({
    device_ids: z.array(z.number().int().positive()).min(1).max(REFRESH_MAX_DEVICES).optional(),
    batch_id: z.number().int().positive().optional(),
    request_id: requestId.optional(),
  })
  .refine((v) => (v.device_ids ? 1 : 0) + (v.batch_id ? 1 : 0) === 1, {
    error: 'Give either device_ids or batch_id.',
  });
export type RepairRefreshInput = z.input<typeof repairRefreshInput>;
export const repairRefreshOutput = z.object({
  refresh_id: z.number().int(),
  /** Devices queued by this call. */
  queued: z.number().int().nonnegative(),
  /** Devices skipped because a refresh of theirs is still running. */
  skipped: z.number().int().nonnegative(),
  frozen: hundredths.nonnegative(),
  /** Spendable points after the call, hundredths. */
  integral: hundredths,
});
export type RepairRefreshDatas = z.infer<typeof repairRefreshOutput>;

/**
 * `today_schedule_change` (spec: exempt from duplicate-request cancellation): the devices whose
 * status changed today in the shop's time zone, each with today's events, newest change first.
 */
export const todayScheduleChangeInput = z.object({ ...pageFields }).default({ page: 1, page_size: 20 });
export type TodayScheduleChangeInput = z.input<typeof todayScheduleChangeInput>;
export const todayScheduleChangeOutput = z.object({
  /** The shop's today, YYYY-MM-DD, and its IANA time zone. */
  date: z.string(),
  time_zone: z.string(),
  list: z.array(z.object({ device: repairDeviceRow, events: z.array(repairEventRow) })),
  total: z.number().int().nonnegative(),
});
export type TodayScheduleChangeDatas = z.infer<typeof todayScheduleChangeOutput>;
