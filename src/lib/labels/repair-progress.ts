import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RepairProgress } from '#contract/values/repairs.ts';

// Shared by the repairs feature and the dashboards' repair funnel (a feature never imports another).
/** Repair progress in plain words (contract REPAIR_PROGRESS). */
export const PROGRESS_LABELS: Record<RepairProgress, MessageDescriptor> = {
  received: msg`Received by Apple`,
  diagnosing: msg`Diagnosing`,
  quote_pending: msg`Quote waiting for payment`,
  repairing: msg`Repairing`,
  replaced: msg`Replaced`,
  repaired: msg`Repaired`,
  shipped_back: msg`Shipped back`,
  completed: msg`Completed`,
  on_hold: msg`On hold`,
  not_found: msg`Repair not found`,
};
