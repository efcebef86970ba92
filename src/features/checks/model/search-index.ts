import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';

/**
 * The SN/IMEI search of the results table. The index is built once per list (one lower-case string
 * per device holding its input line, SN, IMEI and IMEI 2), so a keystroke is one `includes` per row:
 * well under a millisecond per thousand rows.
 */
export type SearchIndex = readonly string[];

export function buildSearchIndex(devices: readonly DeviceResultRow[]): SearchIndex {
  return devices.map((d) => `${d.input}\n${d.sn ?? ''}\n${d.imei ?? ''}\n${d.imei2 ?? ''}`.toLowerCase());
}

/** The rows matching `query` (case-insensitive, anywhere in an identifier); all when blank. */
export function searchRows<T>(rows: readonly T[], index: SearchIndex, query: string): readonly T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rows;
  const found: T[] = [];
  for (let i = 0; i < rows.length; i++) if (index[i]?.includes(needle)) found.push(rows[i] as T);
  return found;
}
