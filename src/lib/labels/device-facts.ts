import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { JobStatus, TriState, WarrantyType } from '#contract/schemas/checks-results.ts';

// Names of checked device facts, shared by the features that show them (checks, dashboards): a
// feature never imports another, so the words they share live here.

export const WARRANTY_TYPE_NAMES: Record<WarrantyType, MessageDescriptor> = {
  applecare_plus: msg`AppleCare+`,
  limited: msg`Limited warranty`,
  out_of_warranty: msg`Out of warranty`,
  replaced: msg`Replaced`,
  not_activated: msg`Not activated`,
  purchase_not_verified: msg`Purchase not verified`,
  loaner: msg`Loaner`,
  bad_serial: msg`Bad serial`,
};

export const TRI_STATE_NAMES: Record<TriState, MessageDescriptor> = {
  yes: msg`Yes`,
  no: msg`No`,
  unknown: msg`Unknown`,
};

/** A check job's state (results' job list, device history). */
export const JOB_STATUS_NAMES: Record<JobStatus, MessageDescriptor> = {
  pending: msg`Waiting`,
  running: msg`Checking`,
  success: msg`Succeeded`,
  failed: msg`Failed`,
};

/**
 * A failed job's reason as a shop reads it: the provider's words without its error code
 * ("E_NO_RECORD: Apple 无此设备记录" → "Apple 无此设备记录"; issue 27: no raw codes on screen).
 */
export const jobReason = (error: string | null): string | null =>
  error === null ? null : error.replace(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+:\s*/, '') || error;
