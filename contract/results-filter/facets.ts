import type { TriState } from '../schemas/checks-results.ts';
import {
  FACET_FIELDS,
  TRI_FIELDS,
  compileFilter,
  type FacetField,
  type FilterableDevice,
  type ResultFilter,
  type TriField,
} from './filter.ts';

/**
 * The counts beside each filter. A facet's counts apply every other condition but its own (the
 * usual faceted search: ticking "blue" does not hide the count of "red"); `matched` applies all.
 */
export interface FacetCounts {
  total: number;
  matched: number;
  /** Per facet field: value (NO_VALUE for unknown) -> devices. Values with no device are absent. */
  facets: Record<FacetField, Record<string, number>>;
  /** Per tri-state field: yes / no / unknown -> devices. */
  tri: Record<TriField, Record<TriState, number>>;
}

export interface FacetResult extends FacetCounts {
  /** 1 at the position of each device that passes every condition, else 0. */
  mask: Uint8Array;
}

function emptyCounts(total: number): FacetCounts {
  return {
    total,
    matched: 0,
    facets: Object.fromEntries(FACET_FIELDS.map((f) => [f, {}])) as FacetCounts['facets'],
    tri: Object.fromEntries(TRI_FIELDS.map((f) => [f, { yes: 0, no: 0, unknown: 0 }])) as FacetCounts['tri'],
  };
}

function countFacets(counts: FacetCounts, device: FilterableDevice, only: FacetField | TriField | null) {
  for (const field of FACET_FIELDS) {
    if (only !== null && only !== field) continue;
    const value = device[field] ?? '';
    const bucket = counts.facets[field];
    bucket[value] = (bucket[value] ?? 0) + 1;
  }
  for (const field of TRI_FIELDS) {
    if (only !== null && only !== field) continue;
    counts.tri[field][device[field]] += 1;
  }
}

/**
 * Filters and counts in one pass: a device failing no condition counts everywhere and is matched; a
 * device failing exactly one condition counts only in the facet that condition is about (the one
 * the user could change to let it in). O(devices x conditions).
 */
export function computeFacets(
  devices: readonly FilterableDevice[],
  filter: ResultFilter,
  searchIndex?: readonly string[],
): FacetResult {
  const dims = compileFilter(filter, searchIndex);
  const counts = emptyCounts(devices.length);
  const mask = new Uint8Array(devices.length);
  for (let i = 0; i < devices.length; i++) {
    const device = devices[i] as FilterableDevice;
    let failed = 0;
    let failedDim = -1;
    for (let k = 0; k < dims.length && failed < 2; k++) {
      if (!(dims[k] as (typeof dims)[number]).test(device, i)) {
        failed++;
        failedDim = k;
      }
    }
    if (failed === 0) {
      mask[i] = 1;
      counts.matched++;
      countFacets(counts, device, null);
    } else if (failed === 1) {
      const dim = dims[failedDim] as (typeof dims)[number];
      const field = dim.facet ?? dim.tri;
      if (field) countFacets(counts, device, field);
    }
  }
  return { ...counts, mask };
}
