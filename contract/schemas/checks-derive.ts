import { z } from 'zod';
import { requestId, safeText } from './common.ts';
import { ORDER_LINES_MAX, ORDER_REMARK_MAX, ORDER_TITLE_MAX } from './checks-orders.ts';
import { TRI_STATES } from './checks-results.ts';
import { FACET_FIELDS, TRI_FIELDS, resultFilter } from '../results-filter/filter.ts';

/**
 * Which devices of an order an action takes: the ones picked by id, or every device matching a
 * filter ("select all that match"), the server applying the same filter definitions as the PWA.
 */
export const deviceSelection = z.union([
  z.object({ device_ids: z.array(z.number().int().positive()).min(1).max(ORDER_LINES_MAX) }),
  z.object({ filter: resultFilter }),
]);
export type DeviceSelection = z.infer<typeof deviceSelection>;

/**
 * Copy devices of an order into a new order with other services (a derived order). It is placed
 * like any order: priced devices x services, frozen through the ledger, idempotent by request_id.
 */
export const orderDeriveInput = z.object({
  order_id: z.number().int().positive(),
  selection: deviceSelection,
  title: safeText({ min: 1, max: ORDER_TITLE_MAX }),
  service_ids: z.array(z.number().int().positive()).min(1).max(32),
  remark: safeText({ max: ORDER_REMARK_MAX, kind: 'remark' }).default(''),
  request_id: requestId.optional(),
});
export type OrderDeriveInput = z.input<typeof orderDeriveInput>;

/** Bring back a soft-deleted order (the undo of order_delete). */
export const orderRestoreInput = z.object({
  order_id: z.number().int().positive(),
  request_id: requestId.optional(),
});
export type OrderRestoreInput = z.input<typeof orderRestoreInput>;

/** The server's counts of an order's results under a filter (the same numbers the PWA shows). */
export const orderFacetsInput = z.object({
  order_id: z.number().int().positive(),
  filter: resultFilter.default({}),
});
export type OrderFacetsInput = z.input<typeof orderFacetsInput>;

const valueCounts = z.record(z.string(), z.number().int().nonnegative());
const triCounts = z.object(
  Object.fromEntries(TRI_STATES.map((s) => [s, z.number().int().nonnegative()])) as Record<
    (typeof TRI_STATES)[number],
    z.ZodNumber
  >,
);
export const orderFacetsOutput = z.object({
  total: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  facets: z.object(
    Object.fromEntries(FACET_FIELDS.map((f) => [f, valueCounts])) as Record<
      (typeof FACET_FIELDS)[number],
      typeof valueCounts
    >,
  ),
  tri: z.object(
    Object.fromEntries(TRI_FIELDS.map((f) => [f, triCounts])) as Record<
      (typeof TRI_FIELDS)[number],
      typeof triCounts
    >,
  ),
});
export type OrderFacetsDatas = z.infer<typeof orderFacetsOutput>;
