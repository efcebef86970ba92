import { z } from 'zod';
import { hundredths, requestId, safeText } from './common.ts';
import { CUSTOMER_NAME_MAX, CUSTOMER_NOTE_MAX, TRACKING_MAX, logisticsBadge } from './repairs.ts';
import { INTAKE_LINES_MAX } from '../values/repairs-intake.ts';
export * from '../values/repairs-intake.ts';

export const intakeLine = z.object({
  /** The SN or IMEI as typed. */
  ident: safeText({ max: 200, trim: false }),
  /** Repair ids as typed (validated by the server, so a bad one gets a per-line reason). */
  repair_ids: z
    .array(safeText({ max: 40, trim: false }))
    .max(10)
    .default([]),
  customer_name: safeText({ max: CUSTOMER_NAME_MAX }).default(''),
  customer_phone: safeText({ max: 20 }).default(''),
  customer_note: safeText({ max: CUSTOMER_NOTE_MAX, kind: 'remark' }).default(''),
  courier_in: safeText({ max: TRACKING_MAX }).default(''),
  purchase_price: hundredths.nonnegative().nullable().default(null),
  sale_price: hundredths.nonnegative().nullable().default(null),
});
export type IntakeLine = z.input<typeof intakeLine>;

export const repairIntakeInput = z.object({
  batch_id: z.number().int().positive(),
  lines: z
    .array(intakeLine)
    .min(1, { error: 'No devices to take in.' })
    .max(INTAKE_LINES_MAX, { error: `At most ${INTAKE_LINES_MAX} lines at once.` }),
  /** The badge new devices start with (default: to_receive). */
  badge: logisticsBadge.default('to_receive'),
  /**
   * false (default): a device already tracked in another batch of the shop is refused as
   * `tracked_elsewhere` (detail: that batch's title), so the shop decides; true takes it in anyway.
   */
  allow_tracked_elsewhere: z.boolean().default(false),
  /**
   * The counter's customer (decision 0047) every device of this intake belongs to: each device gets
   * the record's id, and its customer name and phone (the columns the repairs screens still print)
   * from the record, over the lines' own customer fields. Unknown: CUSTOMER_NOT_FOUND, nothing written.
   */
  customer_id: z.number().int().positive().optional(),
  request_id: requestId.optional(),
});
export type RepairIntakeInput = z.input<typeof repairIntakeInput>;

/**
 * Why a line was not taken: an identifier reason of contract/identifiers (empty, bad_characters,
 * bad_length, bad_check_digit, sn_letter_o_or_i, too_long), or `repair_id_invalid` (then `detail`
 * holds the bad id), or `duplicate_input` (repeats an earlier line) / `duplicate_batch` (already
 * tracked in this batch; `detail` holds that device's id) / `tracked_elsewhere` (tracked in another
 * batch of the shop; `detail` holds that batch's title; sent again with allow_tracked_elsewhere).
 */
export const INTAKE_EXTRA_REASONS = [
  'repair_id_invalid',
  'repair_id_duplicate',
  'duplicate_input',
  'duplicate_batch',
  'tracked_elsewhere',
  'unknown_device',
] as const;
export const intakeRejected = z.object({
  /** 1-based position in `lines`. */
  line: z.number().int().positive(),
  ident: z.string(),
  reason: z.string(),
  detail: z.string().nullable(),
});
export type IntakeRejected = z.infer<typeof intakeRejected>;

export const repairIntakeOutput = z.object({
  batch_id: z.number().int(),
  added: z.number().int().nonnegative(),
  /** Ids of the new devices, in line order. */
  device_ids: z.array(z.number().int()),
  rejected: z.array(intakeRejected),
});
export type RepairIntakeDatas = z.infer<typeof repairIntakeOutput>;

/**
 * Selected devices of a check order become tracked devices with their checked facts (model,
 * warranty snapshot), without a new paid call. Into an existing batch (batch_id) or a new one
 * (batch_title). Devices already tracked in that batch are rejected as duplicate_batch.
 */
export const repairIntakeFromCheckInput = z
  .object({
    check_order_id: z.number().int().positive(),
    /** Device ids of the check order (its order_results rows). */
    device_ids: z.array(z.number().int().positive()).min(1).max(INTAKE_LINES_MAX),
    batch_id: z.number().int().positive().optional(),
    batch_title: safeText({ min: 1, max: 60 }).optional(),
    /** As repairIntakeInput's: false refuses devices tracked in another batch (tracked_elsewhere). */
    allow_tracked_elsewhere: z.boolean().default(false),
    request_id: requestId.optional(),
  })
  .refine((v) => (v.batch_id ? 1 : 0) + (v.batch_title ? 1 : 0) === 1, {
    error: 'Give either batch_id or batch_title.',
  });
export type RepairIntakeFromCheckInput = z.input<typeof repairIntakeFromCheckInput>;
