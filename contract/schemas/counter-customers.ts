import { z } from 'zod';
import { isCustomerPhone } from '../counter/phones.ts';
import { pageFields, requestId, safeText } from './common.ts';
import {
  CUSTOMER_LANGS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTE_MAX,
  CUSTOMER_PHONES_MAX,
  CUSTOMER_TAGS_MAX,
} from '../values/counter-customers.ts';
export * from '../values/counter-customers.ts';

export const customerPhoneSchema = z
  .string()
  .trim()
  .refine(isCustomerPhone, { error: 'Not a phone number: digits, spaces, dashes and a leading + only.' });

export const customerIdSchema = z.number().int().positive();

/** Create (no id) or edit (id) a customer: the whole record, as the form holds it. */
export const customerSaveInput = z.object({
  id: customerIdSchema.optional(),
  name: safeText({ min: 1, max: CUSTOMER_NAME_MAX }),
  phones: z.array(customerPhoneSchema).max(CUSTOMER_PHONES_MAX).default([]),
  wechat_id: safeText({ max: 64 }).default(''),
  note: safeText({ max: CUSTOMER_NOTE_MAX, kind: 'remark' }).default(''),
  tags: z
    .array(safeText({ min: 1, max: 20 }))
    .max(CUSTOMER_TAGS_MAX)
    .default([]),
  lang: z.enum(CUSTOMER_LANGS).default('zh'),
  sms_opt_out: z.boolean().default(false),
  request_id: requestId.optional(),
});

export const customerRow = z.object({
  id: z.number(),
  name: z.string(),
  phones: z.array(z.string()),
  wechat_id: z.string(),
  note: z.string(),
  tags: z.array(z.string()),
  lang: z.enum(CUSTOMER_LANGS),
  sms_opt_out: z.boolean(),
  /** Open tickets (not collected, cancelled or returned). */
  open_tickets: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customerListInput = z.object({
  /** A name's beginning, a phone, or a phone's last four digits. */
  q: safeText({ max: 64 }).default(''),
  ...pageFields,
});
export const customerListOutput = z.object({ list: z.array(customerRow), total: z.number() });

export const customerDetailInput = z.object({ id: customerIdSchema });

export const customerMergeInput = z.object({
  /** The record that stays. */
  keep_id: customerIdSchema,
  /** The record merged into it: its phones, tickets, devices and messages move; it then points at keep_id. */
  merge_id: customerIdSchema,
  request_id: requestId.optional(),
});

/** A device the customer brought: on a ticket, or tracked in repair progress management. */
export const customerDeviceRow = z.object({
  ident: z.string(),
  sn: z.string().nullable(),
  imei: z.string().nullable(),
  model: z.string().nullable(),
  ticket_id: z.number().nullable(),
  repair_device_id: z.number().nullable(),
});

export const customerTicketRow = z.object({
  id: z.number(),
  no_text: z.string(),
  status: z.string(),
  due_fen: z.number(),
  paid_fen: z.number(),
  refunded_fen: z.number(),
  created_at: z.number(),
});

export const customerCheckRow = z.object({
  order_id: z.number(),
  title: z.string(),
  ident: z.string(),
  created_at: z.number(),
});

/**
 * A message to the customer with its delivery result (decision 0050): `trigger` is its kind
 * (contract/counter/messages.ts); `state` queued, sending, sent, failed or skipped; `result` the
 * reason of a failed or skipped one (opted_out, no_phone, not_configured, no_template, refused,
 * throttled, failed, interrupted), empty otherwise.
 */
export const customerMessageRow = z.object({
  id: z.number(),
  ticket_id: z.number().nullable(),
  trigger: z.string(),
  state: z.string(),
  text: z.string(),
  created_at: z.number(),
  lang: z.string(),
  phone: z.string(),
  result: z.string(),
  attempts: z.number(),
  sent_at: z.number().nullable(),
});

export const customerPaymentRow = z.object({
  id: z.number(),
  ticket_id: z.number(),
  kind: z.string(),
  method: z.string(),
  amount_fen: z.number(),
  at: z.number(),
});

/** Everything of one customer, newest first in each list. */
export const customerDetailOutput = z.object({
  customer: customerRow,
  devices: z.array(customerDeviceRow),
  tickets: z.array(customerTicketRow),
  checks: z.array(customerCheckRow),
  messages: z.array(customerMessageRow),
  payments: z.array(customerPaymentRow),
});
export type CustomerDetail = z.infer<typeof customerDetailOutput>;
