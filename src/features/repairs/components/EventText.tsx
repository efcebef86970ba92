import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { RepairEventRow } from '#contract/schemas/repairs.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import { BADGE_LABELS, ELIGIBILITY_LABELS, EVENT_KIND_LABELS, RETURN_LOGISTICS_LABELS } from '../model.ts';

const VALUE_LABELS: Partial<Record<RepairEventRow['kind'], Record<string, MessageDescriptor>>> = {
  progress: PROGRESS_LABELS,
  eligibility: ELIGIBILITY_LABELS,
  badge: BADGE_LABELS,
  return_logistics: RETURN_LOGISTICS_LABELS,
};

/** One timeline event in words: "Progress: Diagnosing → Repairing". */
export function EventText({ event }: { event: Pick<RepairEventRow, 'kind' | 'from' | 'to' | 'repair_id'> }) {
  const { i18n } = useLingui();
  const labels = VALUE_LABELS[event.kind];
  const word = (v: string | null) => {
    if (v === null) return null;
    const label = labels?.[v];
    return label ? i18n._(label) : v;
  };
  const from = word(event.from);
  const to = word(event.to);
  const change = [from, to].filter(Boolean).join(' → ');
  return (
    <span>
      {i18n._(EVENT_KIND_LABELS[event.kind])}
      {change ? `: ${change}` : ''}
      {event.repair_id ? ` (${event.repair_id})` : ''}
    </span>
  );
}
