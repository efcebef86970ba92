import type { DashboardOverviewDatas } from '#contract/schemas/dashboards.ts';

/** The services drawn one by one in the per-day charts; the rest are summed under OTHER. */
export const TOP_SERVICES = 5;
export const OTHER = '__other';

export interface DayRow {
  /** MM-DD */
  day: string;
  date: string;
  [series: string]: number | string;
}

/**
 * The per-day series as chart rows: one key per service (the most used in the period first, at
 * most TOP_SERVICES, then OTHER), devices and points (hundredths → points) apart.
 */
export function dayRows(series: DashboardOverviewDatas['series']): {
  services: string[];
  devices: DayRow[];
  points: DayRow[];
} {
  const totals = new Map<string, number>();
  for (const day of series)
    for (const s of day.services) totals.set(s.service, (totals.get(s.service) ?? 0) + s.devices + s.points);
  const ranked = [...totals.entries()]
    .filter(([, total]) => total > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([service]) => service);
  const shown = ranked.slice(0, TOP_SERVICES);
  const services = ranked.length > TOP_SERVICES ? [...shown, OTHER] : shown;
  const keyOf = (service: string) => (shown.includes(service) ? service : OTHER);
  const row = (date: string): DayRow => {
    const base: DayRow = { day: date.slice(5), date };
    for (const s of services) base[s] = 0;
    return base;
  };
  const devices: DayRow[] = [];
  const points: DayRow[] = [];
  for (const day of series) {
    const d = row(day.date);
    const p = row(day.date);
    for (const s of day.services) {
      if (!services.includes(keyOf(s.service))) continue;
      d[keyOf(s.service)] = (d[keyOf(s.service)] as number) + s.devices;
      p[keyOf(s.service)] = (p[keyOf(s.service)] as number) + s.points / 100;
    }
    devices.push(d);
    points.push(p);
  }
  return { services, devices, points };
}
