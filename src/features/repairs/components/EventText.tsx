import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { RepairEventRow } from '#contract/schemas/repairs.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import {
  BADGE_LABELS,
  EDITED_FIELD_LABELS,
  ELIGIBILITY_LABELS,
  EVENT_KIND_LABELS,
  RETURN_LOGISTICS_LABELS,
} from '../model.ts';

const VALUE_LABELS: Partial<Record<RepairEventRow['kind'], Record<string, MessageDescriptor>>> = {
  // An intake's value is the logistics badge the device was taken in with ("To be received").
  intake: BADGE_LABELS,
  progress: PROGRESS_LABELS,
  eligibility: ELIGIBILITY_LABELS,
  badge: BADGE_LABELS,
  return_logistics: RETURN_LOGISTICS_LABELS,
};

/**
 * One timeline event in words: "Progress: Diagnosing → Repairing", "Edited: Customer phone". A value
 * the PWA has no words for is left out (issue 27: never a raw key such as "to_receive").
 */
export function EventText({ event }: { event: Pick<RepairEventRow, 'kind' | 'from' | 'to' | 'repair_id'> }) {
  const { i18n } = useLingui();
  const labels = VALUE_LABELS[event.kind];
  const word = (v: string | null) => {
    if (v === null) return null;
    const label = labels?.[v];
    return label ? i18n._(label) : null;
  };
  const from = event.kind === 'repair_id_added' ? event.from : word(event.from);
  const to =
    event.kind === 'edit'
      ? editedFields(event.to, (field) => {
          const label = EDITED_FIELD_LABELS[field];
          return label ? i18n._(label) : null;
        })
      : event.kind === 'repair_id_added'
        ? event.to
        : word(event.to);
  const change = [from, to].filter(Boolean).join(' → ');
  return (
    <span>
      {i18n._(EVENT_KIND_LABELS[event.kind])}
      {change ? `: ${change}` : ''}
      {event.repair_id ? ` (${event.repair_id})` : ''}
    </span>
  );
}

/** "customer_phone,sale_price" → "Customer phone, Sale price" (fields without words left out). */
function editedFields(list: string | null, name: (field: string) => string | null): string | null {
  const names = (list ?? '').split(',').flatMap((field) => name(field.trim()) ?? []);
  return names.length > 0 ? names.join(', ') : null;
}
