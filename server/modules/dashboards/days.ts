import { PERIOD_DAYS, type DashboardPeriod, type DayRange } from '#contract/schemas/dashboards.ts';
import { DEFAULT_TIME_ZONE } from '#server/lib/shop-time.ts';
import { shopDay } from './rollup.ts';

/**
 * Shop days as the rollup keys them (YYYY-MM-DD in DEFAULT_TIME_ZONE, docs/decisions/0030): a
 * period's range ends today and counts back, and the previous period is as long, just before it.
 * Dates are added as UTC calendar dates: a shop day is a date, whatever its hours.
 */
export const ROLLUP_TIME_ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 24 * 3600_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to` inclusive (1 for the same day). */
export function daysIn(range: DayRange): number {
  return (
    Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1
  );
}

export function periodRange(period: DashboardPeriod, nowMs: number): DayRange {
  const to = shopDay(nowMs, ROLLUP_TIME_ZONE);
  return { from: addDays(to, 1 - PERIOD_DAYS[period]), to };
}

export function previousRange(range: DayRange): DayRange {
  const n = daysIn(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/** Every date of the range, oldest first. */
export function datesOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}
