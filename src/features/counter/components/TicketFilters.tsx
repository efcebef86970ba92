import { Checkbox, MultiSelect, Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { TICKET_STATUSES, type TicketStatus } from '#contract/counter/workflow.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';

export interface TicketFilterValues {
  status: TicketStatus[];
  technicianId: number | null;
  overdue: boolean;
}

export const activeTicketFilters = (f: TicketFilterValues): number =>
  (f.status.length > 0 ? 1 : 0) + (f.technicianId !== null ? 1 : 0) + (f.overdue ? 1 : 0);

/**
 * The tickets list's filters: in a row on a wide screen, one under the other in the tablet's drawer
 * (`width` undefined: full width).
 */
export function TicketFilters({
  filters,
  technicians,
  onChange,
  width,
}: {
  filters: TicketFilterValues;
  technicians: readonly { id: number; name: string }[];
  onChange(patch: Partial<TicketFilterValues>): void;
  width?: number;
}) {
  const { t, i18n } = useLingui();
  return (
    <>
      <MultiSelect
        label={t`Status`}
        data={TICKET_STATUSES.map((s) => ({ value: s, label: i18n._(TICKET_STATUS_WORDS[s]) }))}
        value={filters.status}
        placeholder={filters.status.length ? undefined : t`Any status`}
        onChange={(v) => onChange({ status: v as TicketStatus[] })}
        clearable
        w={width}
        comboboxProps={{ withinPortal: true }}
        data-testid="ticket-filter-status"
      />
      <Select
        label={t`Technician`}
        data={[
          { value: '', label: t`Any technician` },
          ...technicians.map((x) => ({ value: String(x.id), label: x.name })),
        ]}
        value={filters.technicianId === null ? '' : String(filters.technicianId)}
        onChange={(v) => onChange({ technicianId: v ? Number(v) : null })}
        allowDeselect={false}
        w={width}
        comboboxProps={{ withinPortal: true }}
        data-testid="ticket-filter-technician"
      />
      <Checkbox
        label={t`Past the promised date`}
        checked={filters.overdue}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked })}
        mt={width ? 'xl' : undefined}
        data-testid="ticket-filter-overdue"
      />
    </>
  );
}
