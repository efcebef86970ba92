import { FACET_FIELDS, TRI_FIELDS, type FilterableDevice } from '#contract/results-filter/filter.ts';
import type { FacetCounts } from '#contract/results-filter/facets.ts';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';

/**
 * The messages between the order detail and the facet worker. Devices go over once per version of
 * the list (in chunks, so no single structured clone blocks the page for long); every filter change
 * then sends only the filter, and the answer is the counts plus a match mask (transferred, not
 * copied) by position in the list.
 */
export type FacetWorkerRequest =
  | { type: 'chunk'; version: number; offset: number; total: number; devices: FilterableDevice[] }
  | { type: 'count'; version: number; seq: number; filter: ResultFilter };

export type FacetWorkerAnswer = FacetCounts & { version: number; seq: number; mask: Uint8Array };

const FIELDS = [
  'input',
  'sn',
  'imei',
  'imei2',
  'warranty_days_left',
  'purchase_date',
  ...FACET_FIELDS,
  ...TRI_FIELDS,
] as const satisfies readonly (keyof FilterableDevice)[];

/** Only what filtering needs: a fifth of a device row, so the copy to the worker stays small. */
export function toFilterable(device: DeviceResultRow): FilterableDevice {
  const out: Record<string, unknown> = {};
  for (const field of FIELDS) out[field] = device[field];
  return out as FilterableDevice;
}
