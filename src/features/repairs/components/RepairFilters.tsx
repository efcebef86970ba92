import { Checkbox, MultiSelect, type MantineSize } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import {
  LOGISTICS_BADGES,
  REPAIR_PROGRESS,
  type LogisticsBadge,
  type RepairProgress,
} from '#contract/values/repairs.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import { BADGE_LABELS, type DeviceFilters } from '../model.ts';

/** How many of the filters below are set (the tablet's Filters button shows it). */
export function activeFilterCount(filters: DeviceFilters): number {
  return (
    (filters.progress.length > 0 ? 1 : 0) +
    (filters.badge.length > 0 ? 1 : 0) +
    (filters.watched ? 1 : 0) +
    (filters.changedToday ? 1 : 0)
  );
}

/**
 * The repairs list's filters (status, logistics badge, watched, changed today): in a row beside the
 * search on a wide screen, one under the other in the tablet's drawer (`width` undefined: full width).
 */
export function RepairFilters({
  filters,
  onChange,
  width,
  size,
}: {
  filters: DeviceFilters;
  onChange(patch: Partial<DeviceFilters>): void;
  width?: number;
  size?: MantineSize;
}) {
  const { t, i18n } = useLingui();
  return (
    <>
      <MultiSelect
        label={t`Status`}
        data={REPAIR_PROGRESS.map((p) => ({ value: p, label: i18n._(PROGRESS_LABELS[p]) }))}
        value={filters.progress}
        // An empty filter read as an empty box: it says what it means (as the tickets' filter does).
        placeholder={filters.progress.length ? undefined : t`Any status`}
        onChange={(v) => onChange({ progress: v as RepairProgress[] })}
        clearable
        w={width}
        size={size}
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-status"
      />
      <MultiSelect
        label={t`Logistics badge`}
        data={LOGISTICS_BADGES.map((b) => ({ value: b, label: i18n._(BADGE_LABELS[b]) }))}
        value={filters.badge}
        placeholder={filters.badge.length ? undefined : t`Any badge`}
        onChange={(v) => onChange({ badge: v as LogisticsBadge[] })}
        clearable
        w={width}
        size={size}
        comboboxProps={{ withinPortal: true }}
        data-testid="filter-badge"
      />
      <Checkbox
        label={t`Watched`}
        checked={filters.watched}
        onChange={(e) => onChange({ watched: e.currentTarget.checked })}
        data-testid="filter-watched"
      />
      <Checkbox
        label={t`Changed today`}
        checked={filters.changedToday}
        onChange={(e) => onChange({ changedToday: e.currentTarget.checked })}
        data-testid="filter-changed-today"
      />
    </>
  );
}
