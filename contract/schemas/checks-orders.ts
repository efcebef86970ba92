import { z } from 'zod';
import { hundredths, pageFields, requestId, safeText, unixTime } from './common.ts';
import { serviceCode } from './checks-catalogue.ts';
import { ORDER_TITLE_MAX, ORDER_REMARK_MAX } from '../values/checks-orders.ts';
export * from '../values/checks-orders.ts';

/** Most lines one order (or one addition to it) takes; more is refused with a clear message. */
export const ORDER_LINES_MAX = 100_000;
/** A raw line longer than this is refused by its reason (too_long) without being echoed whole. */
export const RAW_LINE_MAX = 200;

/** A line the server did not take, with why (`reason` is a RejectReason of contract/identifiers). */
export const rejectedLine = z.object({
  /** 1-based position in the submitted `identifiers`. */
  line: z.number().int().positive(),
  raw: z.string(),
  reason: z.string(),
});
/** A line that repeats an earlier line of the input, or a device already in the order. */
export const duplicateLine = z.object({
  line: z.number().int().positive(),
  raw: z.string(),
  value: z.string(),
  of: z.enum(['input', 'order']),
});

const identifiers = z
  // Lines as pasted (a spreadsheet's tabs included): the server parses them, untrimmed.
  .array(
    safeText({
      max: RAW_LINE_MAX,
      kind: 'remark',
      trim: false,
      tooLong: `A line is longer than ${RAW_LINE_MAX} characters.`,
    }),
  )
  .min(1, { error: 'The order has no devices.' })
  .max(ORDER_LINES_MAX, { error: `At most ${ORDER_LINES_MAX} lines per order.` });

/**
 * Place a check order: every valid, non-duplicate identifier becomes a device and every chosen
 * service (plus the services they depend on) runs on each. The price (devices x sum of service
 * prices) is frozen in the same transaction; nothing is frozen when the order is refused (no valid
 * device, a service under maintenance or unknown, too few points).
 */
export const orderCreateInput = z.object({
  title: safeText({ min: 1, max: ORDER_TITLE_MAX }),
  identifiers,
  service_ids: z.array(z.number().int().positive()).min(1).max(32),
  remark: safeText({ max: ORDER_REMARK_MAX, kind: 'remark' }).default(''),
  request_id: requestId.optional(),
});
export type OrderCreateInput = z.input<typeof orderCreateInput>;

/** What placing (or adding to) an order did. */
export const orderWriteOutput = z.object({
  order_id: z.number().int(),
  /** Devices added by this call. */
  added: z.number().int().nonnegative(),
  rejected: z.array(rejectedLine),
  duplicates: z.array(duplicateLine),
  /** Points frozen by this call, hundredths. */
  frozen: hundredths.nonnegative(),
  /** The account's spendable points after the call, hundredths. */
  integral: hundredths,
});
export type OrderWriteDatas = z.infer<typeof orderWriteOutput>;

/** Add devices to an existing order; they get the order's services and are priced the same way. */
export const orderAddDevicesInput = z.object({
  order_id: z.number().int().positive(),
  identifiers,
  request_id: requestId.optional(),
});
export type OrderAddDevicesInput = z.input<typeof orderAddDevicesInput>;

export const orderRemarkInput = z.object({
  order_id: z.number().int().positive(),
  remark: safeText({ max: ORDER_REMARK_MAX, kind: 'remark' }),
  request_id: requestId.optional(),
});
export type OrderRemarkInput = z.input<typeof orderRemarkInput>;

/** Soft delete; refused while the order still has jobs running (they are paid for and finishing). */
/** How long a deleted order can be restored, seconds. */
export const ORDER_RESTORE_WINDOW_S = 30 * 24 * 3600;

export const orderDeleteInput = z.object({
  order_id: z.number().int().positive(),
  request_id: requestId.optional(),
});
export type OrderDeleteInput = z.input<typeof orderDeleteInput>;

export const ORDER_STATUSES = ['running', 'done'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One order as lists and the detail header show it. Amounts are hundredths of a point. */
export const orderRow = z.object({
  id: z.number().int(),
  title: z.string(),
  remark: z.string(),
  services: z.array(serviceCode),
  devices: z.number().int().nonnegative(),
  jobs_total: z.number().int().nonnegative(),
  jobs_success: z.number().int().nonnegative(),
  jobs_failed: z.number().int().nonnegative(),
  /** Finished jobs (success or failed) over all jobs, 0-100, rounded down. */
  progress: z.number().int().min(0).max(100),
  status: z.enum(ORDER_STATUSES),
  /** Everything frozen for this order so far. */
  price: hundredths.nonnegative(),
  /** Paid for succeeded jobs. */
  settled: hundredths.nonnegative(),
  /** Given back for failed jobs and reused results. */
  refunded: hundredths.nonnegative(),
  /** Still frozen (jobs not finished): price - settled - refunded. */
  frozen: hundredths.nonnegative(),
  created_at: unixTime,
  creator_name: z.string(),
  /** When it was deleted (only in the list of deleted orders). */
  deleted_at: unixTime.nullable().optional(),
  /** The order its devices were copied from (a derived order), if any. */
  derived_from: z.number().int().nullable().optional(),
});
export type OrderRow = z.infer<typeof orderRow>;

export const orderListInput = z
  .object({
    ...pageFields,
    /** Matches the title, the remark, or an SN/IMEI of one of the order's devices. */
    keyword: safeText({ max: 64 }).default(''),
    status: z.enum(ORDER_STATUSES).optional(),
    /** The recently deleted orders instead (the last 30 days, newest deleted first), to restore one. */
    deleted: z.boolean().optional(),
    /**
     * Orders created on these shop days (YYYY-MM-DD in the shop's time zone, inclusive): what a
     * dashboard figure clicks through to (contract/schemas/dashboards.ts).
     */
    created_from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    created_to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .default({ page: 1, page_size: 20, keyword: '' });
export type OrderListInput = z.input<typeof orderListInput>;

export const orderListOutput = z.object({
  list: z.array(orderRow),
  total: z.number().int().nonnegative(),
  /** Over every order matching the filter (not only this page). */
  summary: z.object({
    orders: z.number().int().nonnegative(),
    devices: z.number().int().nonnegative(),
    /** Settled points, hundredths. */
    points_spent: hundredths.nonnegative(),
  }),
});
export type OrderListDatas = z.infer<typeof orderListOutput>;

export const orderDetailInput = z.object({ order_id: z.number().int().positive() });
export type OrderDetailInput = z.input<typeof orderDetailInput>;
/**
 * The detail header: the row plus how the devices were paid. `package_checks` devices were covered
 * by bought packages (oldest first, before any points); the rest were paid with points (`price`).
 */
export const orderDetailOutput = orderRow.extend({
  /** Devices paid with package checks instead of points (see the ledger's `package` entries). */
  package_checks: z.number().int().nonnegative().default(0),
});
