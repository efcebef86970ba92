import { z } from 'zod';
import { TICKET_STATUSES } from '../counter/workflow.ts';
import { safeText } from './common.ts';
export * from '../values/search.ts';

/** What the header's search box finds (issue 26, decision 0047), grouped by kind. */
export const SEARCH_KINDS = ['customer', 'ticket', 'repair_device', 'check_order'] as const;

export const globalSearchInput = z.object({ q: safeText({ min: 1, max: 64 }) });

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The id the kind's page opens. */
  id: z.number(),
  /** What the hit is called: a name, a ticket number, an SN/IMEI, an order title. */
  title: z.string(),
  /** A second line: phones, the customer's name, model, a check order's device count. */
  detail: z.string(),
  /** A ticket's status, which the PWA names in the user's language (never shown raw). */
  status: z.enum(TICKET_STATUSES).optional(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const globalSearchOutput = z.object({
  customers: z.array(searchHit),
  tickets: z.array(searchHit),
  repair_devices: z.array(searchHit),
  check_orders: z.array(searchHit),
});
