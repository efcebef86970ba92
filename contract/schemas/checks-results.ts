import { z } from 'zod';
import { unixTime } from './common.ts';
import { serviceCode } from './checks-catalogue.ts';
import { TRI_STATES, WARRANTY_TYPES } from '../values/checks-results.ts';
export * from '../values/checks-results.ts';

export const triState = z.enum(TRI_STATES);

export const JOB_STATUSES = ['pending', 'running', 'success', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** One service run on one device. */
export const jobResultRow = z.object({
  service: serviceCode,
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** Why it failed (the provider's answer, in plain words), when failed. */
  error: z.string().nullable(),
  /** Which provider answered ('sandbox', or a configured provider's name); null until answered. */
  provider: z.string().nullable(),
  /** The answer came from the sandbox provider: not real data. */
  sandbox: z.boolean(),
  /** Reused from an earlier job of the account instead of a new paid call. */
  reused: z.boolean(),
  finished_at: unixTime.nullable(),
});
export type JobResultRow = z.infer<typeof jobResultRow>;

export const DEVICE_STATUSES = ['pending', 'running', 'success', 'partial', 'failed'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/**
 * A checked device with every field of domain.md's vocabulary; null (or 'unknown') until a service
 * that answers it has run. Dates are YYYY-MM-DD strings (Apple's dates carry no time of day).
 */
export const deviceResultRow = z.object({
  id: z.number().int(),
  /** The line as entered. */
  input: z.string(),
  sn: z.string().nullable(),
  imei: z.string().nullable(),
  imei2: z.string().nullable(),
  /** Offline facts (no paid call): TAC brand/model, SN factory and manufacture week. */
  tac_model: z.string().nullable(),
  factory: z.string().nullable(),
  manufactured: z.string().nullable(),
  model: z.string().nullable(),
  capacity: z.string().nullable(),
  colour: z.string().nullable(),
  network_model: z.string().nullable(),
  warranty_type: z.enum(WARRANTY_TYPES).nullable(),
  purchase_date: z.string().nullable(),
  warranty_end: z.string().nullable(),
  /** Days of warranty left on the day the warranty job ran; null when unknown. */
  warranty_days_left: z.number().int().nullable(),
  replaced: triState,
  phone_support: triState,
  purchase_verified: triState,
  loaner: triState,
  activated: triState,
  activation_lock: triState,
  id_blacklist: triState,
  id_monitor_end: z.string().nullable(),
  network_lock: triState,
  carrier: z.string().nullable(),
  carrier_country: z.string().nullable(),
  sale_country: z.string().nullable(),
  in_repair: triState,
  mdm_lock: triState,
  gsx_text: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  jobs: z.array(jobResultRow),
  /** Last change, ms since epoch: the cursor of `changed_since`. */
  updated_ms: z.number().int().nonnegative(),
});
export type DeviceResultRow = z.infer<typeof deviceResultRow>;

/**
 * The devices of one order. With `changed_since` (the `server_ms` of an earlier answer) only the
 * devices changed since then, so the detail page can follow a running order cheaply.
 */
export const orderResultsInput = z.object({
  order_id: z.number().int().positive(),
  changed_since: z.number().int().nonnegative().optional(),
});
export type OrderResultsInput = z.input<typeof orderResultsInput>;
export const orderResultsOutput = z.object({
  devices: z.array(deviceResultRow),
  /** Pass back as `changed_since` to get what changed after this answer. */
  server_ms: z.number().int().nonnegative(),
});
export type OrderResultsDatas = z.infer<typeof orderResultsOutput>;
