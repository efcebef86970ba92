import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  LogisticsBadge,
  RepairEligibility,
  RepairEventKind,
  ReturnLogistics,
} from '#contract/schemas/repairs.ts';

// A repair device's facts and events in plain words. Type-only imports of the contract: the header's
// notice bell (on every signed-in page) uses these, and a runtime import of contract/schemas/*.ts
// would evaluate zod and the schemas before the shell's first render (issue 15).

export const ELIGIBILITY_LABELS: Record<RepairEligibility, MessageDescriptor> = {
  not_ordered: msg`No repair ordered yet`,
  ordered: msg`Repair ordered`,
  repaired_before: msg`Repaired before`,
  order_forbidden: msg`Repair order not allowed`,
  repair_only: msg`Repair only (no replacement)`,
  replaced: msg`Replaced before`,
  unknown: msg`Eligibility unknown`,
};

export const BADGE_LABELS: Record<LogisticsBadge, MessageDescriptor> = {
  to_receive: msg`To be received`,
  to_ship: msg`To be shipped`,
  not_stored: msg`Not yet stored`,
  stored: msg`Stored`,
  no_storage: msg`No storage needed`,
};

export const RETURN_LOGISTICS_LABELS: Record<ReturnLogistics, MessageDescriptor> = {
  in_transit: msg`In transit`,
  picked_up: msg`Picked up`,
  problem: msg`Delivery problem`,
  signed: msg`Signed for`,
  refused_returned: msg`Refused, returning to sender`,
  out_for_delivery: msg`Out for delivery`,
  returning: msg`Returning`,
};

export const EVENT_KIND_LABELS: Record<RepairEventKind, MessageDescriptor> = {
  // Not the intake-time column's "Taken in" (录入时间): the event says the device was taken in.
  intake: msg({ message: 'Taken in', context: 'repair event' }),
  eligibility: msg`Eligibility`,
  progress: msg`Progress`,
  return_logistics: msg`Return shipment`,
  badge: msg`Logistics badge`,
  repair_id_added: msg`Repair id added`,
  edit: msg`Edited`,
};

/**
 * The fields an "Edited" event names (server device-write-service: the changed fields, comma
 * separated), so the timeline says "Edited: Customer phone, Sale price", not "customer_phone,sale_price".
 */
export const EDITED_FIELD_LABELS: Record<string, MessageDescriptor> = {
  customer_name: msg`Customer name`,
  customer_phone: msg`Customer phone`,
  customer_note: msg`Note`,
  courier_in: msg`Courier number`,
  return_tracking: msg`Return tracking`,
  purchase_price: msg`Purchase price`,
  sale_price: msg`Sale price`,
  new_sn: msg`New SN`,
  new_imei: msg`New IMEI`,
  warranty: msg`Warranty`,
  repair_ids: msg`Repair ids`,
};
