import { z } from 'zod';
import { MONEY_ENTRY_MAX_FEN, PAYMENT_METHODS } from '../counter/money.ts';
import { TICKET_STATUSES } from '../counter/workflow.ts';
import { customerIdSchema, customerMessageRow } from './counter-customers.ts';
import { pageFields, requestId, safeText, unixTime } from './common.ts';
import {
  TICKET_DEVICES_MAX,
  TICKET_FAULT_MAX,
  TICKET_MODEL_MAX,
  TICKET_NOTE_MAX,
} from '../values/counter-tickets.ts';
export * from '../values/counter-tickets.ts';

export const ticketIdSchema = z.number().int().positive();
export const ticketStatusSchema = z.enum(TICKET_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const fenSchema = z.number().int().positive().max(MONEY_ENTRY_MAX_FEN);

export const conditionState = z.enum(['ok', 'damaged', 'not_checked']);
export const conditionSchema = z.object({
  screen: conditionState.default('not_checked'),
  housing: conditionState.default('not_checked'),
  buttons: conditionState.default('not_checked'),
  cameras: conditionState.default('not_checked'),
  /** Face ID / Touch ID. */
  biometrics: conditionState.default('not_checked'),
  /** The liquid indicator: 'damaged' when it shows contact with liquid. */
  liquid: conditionState.default('not_checked'),
  /** What the customer left with the phone (case, SIM tray, charger…). */
  accessories: safeText({ max: 100 }).default(''),
  passcode_given: z.boolean().default(false),
});
export type TicketCondition = z.output<typeof conditionSchema>;

export const ticketCreateInput = z.object({
  customer_id: customerIdSchema,
  devices: z
    .array(
      z.object({
        ident: safeText({ min: 1, max: 64 }),
        /** Typed at the counter when the SN/IMEI does not name it (read only then). */
        model: safeText({ max: TICKET_MODEL_MAX }).optional(),
      }),
    )
    .min(1)
    .max(TICKET_DEVICES_MAX),
  fault: safeText({ min: 1, max: TICKET_FAULT_MAX, kind: 'remark' }),
  condition: conditionSchema.default(conditionSchema.parse({})),
  technician_id: z.number().int().positive().optional(),
  /** Unix seconds: when the shop promised the phone back. */
  promised_at: unixTime.optional(),
  warranty_days: z.number().int().min(0).max(730).default(90),
  /** A warranty return: the first ticket of this repair. */
  warranty_of: ticketIdSchema.optional(),
  deposit: z.object({ amount_fen: fenSchema, method: paymentMethodSchema }).optional(),
  request_id: requestId.optional(),
});

export const ticketLineRow = z.object({
  id: z.number(),
  kind: z.enum(['part', 'labour']),
  description: z.string(),
  qty: z.number(),
  unit_fen: z.number(),
  state: z.enum(['proposed', 'approved', 'declined']),
});

export const ticketPaymentRow = z.object({
  id: z.number(),
  kind: z.enum(['deposit', 'payment', 'refund', 'void']),
  method: paymentMethodSchema,
  amount_fen: z.number(),
  voids: z.number().nullable(),
  note: z.string(),
  by_user: z.number(),
  at: z.number(),
});

export const ticketEventRow = z.object({
  id: z.number(),
  kind: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  note: z.string(),
  by_user: z.number().nullable(),
  at: z.number(),
});

export const ticketDetail = z.object({
  id: z.number(),
  no_text: z.string(),
  status: ticketStatusSchema,
  customer_id: z.number(),
  /** The customer's name, for the ticket's header (the PWA links to the customer's page). */
  customer_name: z.string(),
  fault: z.string(),
  condition: conditionSchema,
  technician_id: z.number().nullable(),
  promised_at: z.number().nullable(),
  warranty_days: z.number(),
  warranty_of: z.number().nullable(),
  devices: z.array(
    z.object({
      id: z.number(),
      ident: z.string(),
      sn: z.string().nullable(),
      imei: z.string().nullable(),
      model: z.string().nullable(),
      /** The tracked device of repair progress management, once the device was sent to Apple. */
      repair_device_id: z.number().nullable(),
    }),
  ),
  lines: z.array(ticketLineRow),
  payments: z.array(ticketPaymentRow),
  events: z.array(ticketEventRow),
  /** Messages sent to the customer about this ticket, newest first, with their delivery result (decision 0050). */
  messages: z.array(customerMessageRow),
  /** Approved lines' total, what is held (paid less refunded), and what is still owed (negative: to give back). */
  due_fen: z.number(),
  paid_fen: z.number(),
  refunded_fen: z.number(),
  outstanding_fen: z.number(),
  /** The moves the workflow offers from here. */
  next: z.array(ticketStatusSchema),
  version: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/**
 * What the ticket endpoints answer: the ticket and its customer status link (a URL path on the app's
 * origin, `/status/t/<token>`), which receipts print as a QR code and messages carry.
 */
export const ticketView = ticketDetail.extend({ status_link: z.string() });
export type TicketView = z.infer<typeof ticketView>;

export const ticketDetailInput = z.object({ id: ticketIdSchema });

export const ticketListInput = z.object({
  status: z.array(ticketStatusSchema).max(TICKET_STATUSES.length).default([]),
  customer_id: customerIdSchema.optional(),
  technician_id: z.number().int().positive().optional(),
  /** Past their promised date and still open. */
  overdue: z.boolean().default(false),
  ...pageFields,
});
export const ticketListRow = z.object({
  id: z.number(),
  no_text: z.string(),
  status: ticketStatusSchema,
  customer_id: z.number(),
  customer_name: z.string(),
  /** Each device's model when decoded, else its SN/IMEI (the list's "devices" column). */
  devices: z.array(z.string()),
  technician_id: z.number().nullable(),
  promised_at: z.number().nullable(),
  due_fen: z.number(),
  held_fen: z.number(),
  created_at: z.number(),
});
export const ticketListOutput = z.object({ list: z.array(ticketListRow), total: z.number() });

/** Every write to a ticket names the version it read: a stale tab is told to reload, not overwritten. */
const ticketWrite = {
  id: ticketIdSchema,
  version: z.number().int().positive(),
  request_id: requestId.optional(),
};

export const ticketMoveInput = z.object({
  ...ticketWrite,
  to: ticketStatusSchema,
  note: safeText({ max: 500, kind: 'remark' }).default(''),
});

/**
 * A note on the ticket alone ("customer called back"): appended to its history, allowed on a closed
 * ticket too. No version: a note changes nothing another writer read, so a note queued offline
 * behind a status change still lands (its request_id makes it land once).
 */
export const ticketNoteInput = z.object({
  id: ticketIdSchema,
  note: safeText({ min: 1, max: TICKET_NOTE_MAX, kind: 'remark' }),
  request_id: requestId.optional(),
});

export const ticketLineAddInput = z.object({
  ...ticketWrite,
  kind: z.enum(['part', 'labour']),
  description: safeText({ min: 1, max: 100 }),
  qty: z.number().int().min(1).max(99),
  unit_fen: z.number().int().min(0).max(MONEY_ENTRY_MAX_FEN),
});

/** The customer's answer to the quote: each proposed line approved or declined. */
export const ticketQuoteDecideInput = z.object({
  ...ticketWrite,
  approved: z.array(z.number().int().positive()).max(100),
  declined: z.array(z.number().int().positive()).max(100),
});

/** A deposit at intake or later, or a payment of what was approved (Editors and Admins). */
export const ticketPayInput = z.object({
  ...ticketWrite,
  kind: z.enum(['deposit', 'payment']),
  amount_fen: fenSchema,
  method: paymentMethodSchema,
  note: safeText({ max: 200 }).default(''),
});

/** Money given back to the customer (Admins only), with the reason. */
export const ticketRefundInput = z.object({
  ...ticketWrite,
  amount_fen: fenSchema,
  method: paymentMethodSchema,
  note: safeText({ min: 1, max: 200 }),
});

/** A mistaken deposit or payment cancelled whole (Admins only), with the reason. */
export const ticketVoidInput = z.object({
  ...ticketWrite,
  payment_id: z.number().int().positive(),
  note: safeText({ min: 1, max: 200 }),
});

/** Who may be named technician of a ticket: the shop's enabled employees (Editors need it too). */
export const ticketTechniciansOutput = z.object({
  list: z.array(z.object({ id: z.number(), name: z.string() })),
});
