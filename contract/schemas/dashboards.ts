import { z } from 'zod';
import { hundredths, pageFields, safeText } from './common.ts';
import { REPAIR_PROGRESS } from './repairs.ts';
import { TRI_STATES, WARRANTY_TYPES } from './checks-results.ts';
import { DASHBOARD_PERIODS } from '../values/dashboards.ts';
export * from '../values/dashboards.ts';
import type { DashboardPeriod } from '../values/dashboards.ts';

/**
 * The dashboards (issue 13; docs/decisions/0030-dashboard-rollup.md). Every figure is counted from
 * a rollup kept in the same transaction as the writes that change it, in the shop's days (its time
 * zone, Asia/Shanghai by default), and carries a `link`: the list it counts, already filtered, so
 * the PWA can click through. A figure always equals the `total` (or summary) of its linked list.
 */

export const dashboardPeriod = z.enum(DASHBOARD_PERIODS);
/** Days in each period (today is 1). */
export const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();
/** A facet value; '' stands for "unknown" (the device has no such fact), as in the results filter. */
const facetValue = safeText({ max: 100, trim: false });

/** The shop days a figure covers, inclusive (YYYY-MM-DD in `time_zone`). */
export const dayRange = z.object({ from: isoDate, to: isoDate });
export type DayRange = z.infer<typeof dayRange>;

/**
 * Filter of the account's checked devices across orders (the `devices` list): the devices of the
 * account's non-deleted check orders created in the shop days `from`..`to`, narrowed like an order's
 * results (contract/results-filter: facet values, '' for unknown; tri-states).
 */
export const dashboardDeviceFilter = z.object({
  from: isoDate,
  to: isoDate,
  model: z.array(facetValue).max(50).optional(),
  capacity: z.array(facetValue).max(50).optional(),
  colour: z.array(facetValue).max(50).optional(),
  warranty_type: z.array(facetValue).max(50).optional(),
  sale_country: z.array(facetValue).max(50).optional(),
  carrier: z.array(facetValue).max(50).optional(),
  activation_lock: z.enum(TRI_STATES).optional(),
  network_lock: z.enum(TRI_STATES).optional(),
  replaced: z.enum(TRI_STATES).optional(),
});
export type DashboardDeviceFilter = z.infer<typeof dashboardDeviceFilter>;

/**
 * Where a figure clicks through to, with the filter that list applies:
 * - `check_orders`: the check order list (/api/checks/order_list) with `created_from`/`created_to`
 *   (shop days, inclusive); its `total` is the orders figure and its summary the devices and points.
 * - `devices`: the account's checked devices (`dashboardDevices` below) with a device filter.
 * - `repair_devices`: the repair device list (/api/repair/device_list) with its own filters
 *   (progress, watched, changed_today); its `total` is the figure.
 * - `point_record`: the points ledger page (balance); `shopping_center`: packages (VIP end).
 */
export const dashboardLink = z.discriminatedUnion('list', [
  z.object({
    list: z.literal('check_orders'),
    filter: z.object({ created_from: isoDate, created_to: isoDate }),
  }),
  z.object({ list: z.literal('devices'), filter: dashboardDeviceFilter }),
  z.object({
    list: z.literal('repair_devices'),
    filter: z.object({
      progress: z.array(z.enum(REPAIR_PROGRESS)).optional(),
      watched: z.boolean().optional(),
      changed_today: z.boolean().optional(),
    }),
  }),
  z.object({ list: z.literal('point_record'), filter: z.object({}) }),
  z.object({ list: z.literal('shopping_center'), filter: z.object({}) }),
]);
export type DashboardLink = z.infer<typeof dashboardLink>;

/** One number with the list it counts. */
export const figure = z.object({ value: z.number().int(), link: dashboardLink });
export type Figure = z.infer<typeof figure>;
/** One labelled count (a chart slice or bar) with the list it counts. */
export const slice = z.object({ key: facetValue, count, link: dashboardLink });
export type Slice = z.infer<typeof slice>;

/** Repair progress counted as "in progress" (not completed, shipped back, not found). */
export const REPAIR_IN_PROGRESS = [
  'received',
  'diagnosing',
  'quote_pending',
  'repairing',
  'replaced',
  'repaired',
  'on_hold',
] as const satisfies readonly (typeof REPAIR_PROGRESS)[number][];

export const dashboardOverviewInput = z
  .object({ period: dashboardPeriod.default('7d') })
  .default({ period: '7d' });
export type DashboardOverviewInput = z.input<typeof dashboardOverviewInput>;

export const dashboardOverviewOutput = z.object({
  period: dashboardPeriod,
  range: dayRange,
  time_zone: z.string(),
  /** Server time the figures were counted, ms (the PWA shows "as of" offline). */
  as_of_ms: count,
  /** Devices in the period's orders (link: check_orders, whose summary.devices equals it). */
  devices: figure,
  /** Check orders created in the period (link: check_orders, whose total equals it). */
  orders: figure,
  /** Points settled for the period's orders, hundredths (link: check_orders summary.points_spent). */
  points_spent: figure,
  /** Finished checks that succeeded, per ten thousand (0-10000); null when none finished. */
  success_rate_bp: z.number().int().min(0).max(10_000).nullable(),
  checks_succeeded: count,
  checks_failed: count,
  /** Current, not period-bound: repair devices in REPAIR_IN_PROGRESS (link: repair_devices). */
  repairs_in_progress: figure,
  /** Current: repair devices in quote_pending. */
  waiting_for_quote: figure,
  /** Repair devices whose status changed today (shop day; link: repair_devices changed_today). */
  today_schedule_changes: figure,
  /** Repair devices being watched (link: repair_devices watched). */
  watched_devices: figure,
  /** Spendable points, hundredths (link: point_record). */
  balance: figure,
  /** VIP end, ms, or null (link: shopping_center). */
  vip_end_ms: z.number().int().nullable(),
  /** One entry per day of the range (days without activity included, zeros), oldest first. */
  series: z.array(
    z.object({
      date: isoDate,
      /** Per check service code: devices checked (jobs ordered) and points settled (hundredths). */
      services: z.array(z.object({ service: z.string(), devices: count, points: hundredths.nonnegative() })),
      link: dashboardLink,
    }),
  ),
  /** Current repair devices per progress, every REPAIR_PROGRESS in order (zeros included). */
  repair_funnel: z.array(z.object({ progress: z.enum(REPAIR_PROGRESS), count, link: dashboardLink })),
  /** The period's devices per warranty type ('' = unknown yet); link: devices with warranty_type. */
  warranty_mix: z.array(slice),
});
export type DashboardOverviewDatas = z.infer<typeof dashboardOverviewOutput>;

export const hotPhonesInput = z
  .object({ period: dashboardPeriod.default('30d'), limit: z.number().int().min(1).max(50).default(10) })
  .default({ period: '30d', limit: 10 });
export type HotPhonesInput = z.input<typeof hotPhonesInput>;

/** A share of a model's devices with a flag set ('yes'), with its list. */
const share = z.object({ count, link: dashboardLink });

export const hotPhonesOutput = z.object({
  period: dashboardPeriod,
  range: dayRange,
  /** The previous period of the same length, just before `range`. */
  previous_range: dayRange,
  time_zone: z.string(),
  as_of_ms: count,
  /** Devices with a known model in the period (the denominator of each model's share). */
  total_devices: count,
  /** Most checked first (ties by model name); unknown models are left out. */
  models: z.array(
    z.object({
      model: z.string(),
      rank: z.number().int().positive(),
      count,
      /** Devices of this model in the previous period (trend = count - previous). */
      previous: count,
      /** Rank in the previous period, null when not ranked there (new). */
      previous_rank: z.number().int().positive().nullable(),
      link: dashboardLink,
      capacity: z.array(slice),
      colour: z.array(slice),
      activation_lock: share,
      network_lock: share,
      replaced: share,
      /** Warranty type out_of_warranty. */
      out_of_warranty: share,
    }),
  ),
});
export type HotPhonesDatas = z.infer<typeof hotPhonesOutput>;

export const phoneDetailInput = z.object({
  model: safeText({ min: 1, max: 100 }),
  period: dashboardPeriod.default('30d'),
});
export type PhoneDetailInput = z.input<typeof phoneDetailInput>;

export const phoneDetailOutput = z.object({
  model: z.string(),
  period: dashboardPeriod,
  range: dayRange,
  time_zone: z.string(),
  as_of_ms: count,
  total: figure,
  /** Most first; '' = unknown. Each links to the `devices` list narrowed to the model and value. */
  capacity: z.array(slice),
  colour: z.array(slice),
  warranty_type: z.array(slice),
  sale_country: z.array(slice),
  carrier: z.array(slice),
  /** Devices of the model per day of the range, oldest first, zeros included. */
  trend: z.array(z.object({ date: isoDate, count, link: dashboardLink })),
});
export type PhoneDetailDatas = z.infer<typeof phoneDetailOutput>;

/** The `devices` list: the account's checked devices matching a filter, newest first. */
export const dashboardDevicesInput = z.object({ ...pageFields, filter: dashboardDeviceFilter });
export type DashboardDevicesInput = z.input<typeof dashboardDevicesInput>;
export const dashboardDeviceRow = z.object({
  device_id: z.number().int().positive(),
  order_id: z.number().int().positive(),
  order_title: z.string(),
  input: z.string(),
  sn: z.string().nullable(),
  imei: z.string().nullable(),
  model: z.string().nullable(),
  capacity: z.string().nullable(),
  colour: z.string().nullable(),
  warranty_type: z.enum(WARRANTY_TYPES).nullable(),
  sale_country: z.string().nullable(),
  carrier: z.string().nullable(),
  activation_lock: z.enum(TRI_STATES),
  network_lock: z.enum(TRI_STATES),
  replaced: z.enum(TRI_STATES),
  created_at: count,
});
export type DashboardDeviceRow = z.infer<typeof dashboardDeviceRow>;
export const dashboardDevicesOutput = z.object({ list: z.array(dashboardDeviceRow), total: count });
export type DashboardDevicesDatas = z.infer<typeof dashboardDevicesOutput>;
