import { z } from 'zod';
import { pageFields, requestId, safeText, unixTime } from './common.ts';
import { repairEventRow } from './repairs.ts';

/**
 * Monitors: the server re-checks watched devices on an interval (once across all server processes)
 * and, when status, progress or logistics change, stores a notification and emits
 * 'notice:new' on the socket. The number of watched devices is capped by the account's VIP level
 * (decision 0014: MONITOR_CAPS). The same monitors serve the check services that promise watching
 * (the 15-day ID-lock monitor and the network-lock monitor of device checks).
 */

/** Watched devices allowed per VIP level (0 = no VIP); levels above the table get the last cap. */
export const MONITOR_CAPS = [50, 100, 200, 300, 400, 10_000] as const;
export const monitorCapOf = (vipLevel: number): number =>
  MONITOR_CAPS[Math.max(0, Math.min(MONITOR_CAPS.length - 1, Math.floor(vipLevel)))] ?? MONITOR_CAPS[0];

export const MONITOR_KINDS = ['repair', 'id_lock', 'network_lock'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];

/**
 * Watch chosen devices, or every device of a batch. All or nothing: when the new total would pass
 * the cap, nothing is watched and the answer is MONITOR_CAP_EXCEEDED with the cap and the count in
 * `datas` ({ cap, used, asked }). Devices already watched are counted once.
 */
export const monitorWatchInput = z
  .object({
    device_ids: z.array(z.number().int().positive()).min(1).max(10_000).optional(),
    batch_id: z.number().int().positive().optional(),
    request_id: requestId.optional(),
  })
  .refine((v) => (v.device_ids ? 1 : 0) + (v.batch_id ? 1 : 0) === 1, {
    error: 'Give either device_ids or batch_id.',
  });
export type MonitorWatchInput = z.input<typeof monitorWatchInput>;
export const monitorUnwatchInput = monitorWatchInput;
export type MonitorUnwatchInput = z.input<typeof monitorUnwatchInput>;

/** The account's monitor quota after the call (also the answer of monitor_quota). */
export const monitorQuotaOutput = z.object({
  vip_level: z.number().int().nonnegative(),
  /** Watched tracked devices (the check services' own monitors were paid per device and do not count). */
  used: z.number().int().nonnegative(),
  cap: z.number().int().positive(),
  /** Minutes between two re-checks of a watched device. */
  interval_minutes: z.number().int().positive(),
});
export type MonitorQuotaDatas = z.infer<typeof monitorQuotaOutput>;

/** One active monitor of the account. */
export const monitorRow = z.object({
  id: z.number().int(),
  kind: z.enum(MONITOR_KINDS),
  /** The tracked device (kind repair), or null. */
  device_id: z.number().int().nullable(),
  /** The check device (kinds id_lock / network_lock), or null. */
  check_device_id: z.number().int().nullable(),
  /** The SN or IMEI watched. */
  ident: z.string(),
  /** Last value seen (a progress, eligibility or lock state), or null before the first check. */
  last_value: z.string().nullable(),
  last_checked_at: unixTime,
  next_check_at: unixTime,
  /** When it stops by itself (the 15-day ID-lock monitor); 0 never. */
  ends_at: unixTime,
  created_at: unixTime,
});
export type MonitorRow = z.infer<typeof monitorRow>;
export const monitorListInput = z
  .object({ ...pageFields, kind: z.enum(MONITOR_KINDS).optional() })
  .default({ page: 1, page_size: 20 });
export type MonitorListInput = z.input<typeof monitorListInput>;
export const monitorListOutput = z.object({ list: z.array(monitorRow), total: z.number().int() });
export type MonitorListDatas = z.infer<typeof monitorListOutput>;

// ---------------------------------------------------------------------------------------------
// Notifications (stored per account; read state per employee)

export const notificationRow = z.object({
  id: z.number().int(),
  kind: z.enum(MONITOR_KINDS),
  /** The tracked device it is about (kind repair), else null. */
  device_id: z.number().int().nullable(),
  check_device_id: z.number().int().nullable(),
  ident: z.string(),
  /** What changed: 'progress' | 'eligibility' | 'return_logistics' | 'id_lock' | 'network_lock'. */
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The customer's name of the device, for the alert's text ('' when none). */
  customer_name: z.string(),
  read: z.boolean(),
  created_at: unixTime,
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationListInput = z
  .object({ ...pageFields, unread_only: z.boolean().default(false) })
  .default({ page: 1, page_size: 20, unread_only: false });
export type NotificationListInput = z.input<typeof notificationListInput>;
export const notificationListOutput = z.object({
  list: z.array(notificationRow),
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type NotificationListDatas = z.infer<typeof notificationListOutput>;
export const notificationUnreadOutput = z.object({ unread: z.number().int().nonnegative() });

/** Mark chosen notifications read, or all of them (`all: true`). */
export const notificationReadInput = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(1000).optional(),
    all: z.boolean().optional(),
    request_id: requestId.optional(),
  })
  .refine((v) => Boolean(v.ids) !== Boolean(v.all), { error: 'Give either ids or all.' });
export type NotificationReadInput = z.input<typeof notificationReadInput>;

// ---------------------------------------------------------------------------------------------
// Customer status link

/**
 * Create (or replace) the device's customer link. The token is shown only in this answer (the
 * server stores its hash): the PWA shows `url_path` (GET, public, server-rendered, e.g.
 * `/status/<token>`) and a QR code of its absolute URL. Creating again revokes the previous link.
 */
export const customerLinkCreateInput = z.object({
  device_id: z.number().int().positive(),
  request_id: requestId.optional(),
});
export type CustomerLinkCreateInput = z.input<typeof customerLinkCreateInput>;
export const customerLinkCreateOutput = z.object({
  url_path: z.string(),
  created_at: unixTime,
});
export type CustomerLinkCreateDatas = z.infer<typeof customerLinkCreateOutput>;
/** Revoke the device's link: the page then answers "link not valid" like an unknown one. */
export const customerLinkRevokeInput = customerLinkCreateInput;

// ---------------------------------------------------------------------------------------------
// Device history: every check result and repair event of one SN/IMEI in the account

export const deviceHistoryInput = z.object({ q: safeText({ min: 1, max: 64 }) });
export type DeviceHistoryInput = z.input<typeof deviceHistoryInput>;
export const historyEntry = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('check'),
    at: unixTime,
    check_order_id: z.number().int(),
    check_order_title: z.string(),
    check_device_id: z.number().int(),
    /** Service code of the job (warranty, activation_lock, …). */
    service: z.string(),
    status: z.enum(['pending', 'running', 'success', 'failed']),
    /** The facts that job answered (field → value), empty when not answered. */
    facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    sandbox: z.boolean(),
  }),
  z.object({
    type: z.literal('repair'),
    at: unixTime,
    batch_id: z.number().int(),
    batch_title: z.string(),
    event: repairEventRow,
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntry>;
export const deviceHistoryOutput = z.object({
  /** The normalised identifier searched (an IMEI's 15 digits or an upper-case SN). */
  ident: z.string(),
  /** Other identifiers of the same device found in the account (SN ↔ IMEI). */
  also: z.array(z.string()),
  /** Newest first, at most 500. */
  entries: z.array(historyEntry),
});
export type DeviceHistoryDatas = z.infer<typeof deviceHistoryOutput>;

// ---------------------------------------------------------------------------------------------
// The shop's settings the repair pages use

export const repairSettingsOutput = z.object({
  /** IANA time zone that "today" is counted in. */
  time_zone: z.string(),
  /** Shown on the customer status page. */
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_address: z.string(),
});
export type RepairSettingsDatas = z.infer<typeof repairSettingsOutput>;
export const repairSettingsSaveInput = z.object({
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'Unknown time zone.' },
    )
    .optional(),
  contact_name: safeText({ max: 60 }).optional(),
  contact_phone: safeText({ max: 30 }).optional(),
  contact_address: safeText({ max: 200 }).optional(),
  request_id: requestId.optional(),
});
export type RepairSettingsSaveInput = z.input<typeof repairSettingsSaveInput>;
