import type { DashboardDeviceFilter, DashboardLink, DayRange, Slice } from '#contract/schemas/dashboards.ts';
import type { RepairProgress } from '#contract/schemas/repairs.ts';

/** The lists a figure clicks through to (contract/schemas/dashboards.ts `dashboardLink`). */
export const checkOrdersLink = (range: DayRange): DashboardLink => ({
  list: 'check_orders',
  filter: { created_from: range.from, created_to: range.to },
});

export const devicesLink = (filter: DashboardDeviceFilter): DashboardLink => ({ list: 'devices', filter });

export const repairDevicesLink = (filter: {
  progress?: RepairProgress[];
  watched?: boolean;
  changed_today?: boolean;
}): DashboardLink => ({ list: 'repair_devices', filter });

/**
 * Counts by facet value as chart slices, most first (ties by value), zeros left out (rollup rows
 * that went back to zero), each linked to the device list narrowed by `narrow(value)`.
 */
export function slices(
  counts: ReadonlyMap<string, number>,
  narrow: (value: string) => DashboardDeviceFilter,
): Slice[] {
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([key, count]) => ({ key, count, link: devicesLink(narrow(key)) }));
}

/** Adds n to a map's count. */
export function bump<K>(map: Map<K, number>, key: K, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}
