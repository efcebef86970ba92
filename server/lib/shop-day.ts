// A shop's day: where its midnights fall in its time zone. Pure, shared by the modules that count
// "today" (repairs, checks' list, dashboards' rollup) and the demo seeds.
import { DEFAULT_TIME_ZONE } from './shop-time.ts';

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The local day of `nowMs` in the zone: its date (YYYY-MM-DD) and the ms its midnight falls on. */
export function dayIn(timeZone: string, nowMs: number): { date: string; startMs: number; endMs: number } {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(nowMs)
      .map((p) => [p.type, p.value]),
  );
  const y = Number(parts.year);
  const m = Number(parts.month);
  const d = Number(parts.day);
  const wall = Date.UTC(y, m - 1, d, Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offset = wall - Math.floor(nowMs / 1000) * 1000;
  const startMs = Date.UTC(y, m - 1, d) - offset;
  const date = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // The next midnight, measured again (a DST change moves it by an hour).
  const next = Date.UTC(y, m - 1, d + 1) - offset;
  return { date, startMs, endMs: next };
}

/** A shop day's bounds, ms (noon UTC of the date falls on that date in zones of -12..+11 hours). */
export function dayBounds(date: string, timeZone = DEFAULT_TIME_ZONE) {
  return dayIn(timeZone, Date.parse(`${date}T12:00:00Z`));
}
