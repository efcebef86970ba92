import { z } from 'zod';
import { PAYMENT_METHODS } from '../counter/money.ts';
import { TICKET_STATUSES } from '../counter/workflow.ts';

/** The day at the counter (issue 26): the default dashboard's widget, in the shop's time zone. */
export const counterDayInput = z.object({});

/** At most this many overdue tickets are listed (the count says how many there are). */
export const COUNTER_DAY_OVERDUE_MAX = 20;

export const counterDayOutput = z.object({
  /** The shop's date today, YYYY-MM-DD, in its time zone (repair settings). */
  date: z.string(),
  time_zone: z.string(),
  /** Tickets created today. */
  intakes: z.number(),
  /** Tickets moved to collected today. */
  collections: z.number(),
  /**
   * Money taken today per method, in fen, from the ticket payments only: deposits and payments less
   * refunds and voids entered today (a void gives back on the voided entry's method).
   */
  takings: z.array(z.object({ method: z.enum(PAYMENT_METHODS), net_fen: z.number() })),
  takings_total_fen: z.number(),
  /** Open tickets (not collected, cancelled or returned) per status, in workflow order, zeros left out. */
  open_by_status: z.array(z.object({ status: z.enum(TICKET_STATUSES), count: z.number() })),
  /** Open tickets per technician (null: nobody assigned), most first. */
  open_by_technician: z.array(
    z.object({ technician_id: z.number().nullable(), name: z.string(), count: z.number() }),
  ),
  /** Open tickets past their promised date, the longest overdue first. */
  overdue: z.array(
    z.object({
      id: z.number(),
      no_text: z.string(),
      status: z.enum(TICKET_STATUSES),
      customer_name: z.string(),
      /** Unix ms. */
      promised_at: z.number(),
    }),
  ),
  overdue_total: z.number(),
});
export type CounterDay = z.infer<typeof counterDayOutput>;
