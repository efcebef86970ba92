import { z } from 'zod';
import { safeText } from '../schemas/common.ts';
import {
  DEVICE_STATUSES,
  TRI_STATES,
  WARRANTY_TYPES,
  type DeviceResultRow,
  type TriState,
} from '../schemas/checks-results.ts';

/**
 * The filters of a check order's results (issue 12), shared by the PWA (its URL search params, the
 * worker that counts) and the server (counts, "all that match" selections, the export). Pure: no
 * I/O, no dates from the clock.
 */

/** Facets: fields whose values are listed with a count each. */
export const FACET_FIELDS = [
  'model',
  'capacity',
  'colour',
  'network_model',
  'warranty_type',
  'carrier',
  'sale_country',
  'status',
] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

/**
 * Tri-state filters: any (absent), yes, no or unknown. "ID lock" is the activation lock (Find My,
 * the iCloud ID lock): one fact, one filter (docs/decisions/0020).
 */
export const TRI_FIELDS = [
  'activated',
  'activation_lock',
  'replaced',
  'id_blacklist',
  'network_lock',
  'in_repair',
  'mdm_lock',
] as const;
export type TriField = (typeof TRI_FIELDS)[number];

/** The facet value of a device without that fact (null): listed as "unknown". */
export const NO_VALUE = '';

/** What a device needs for filtering and counting (a DeviceResultRow has it all). */
export type FilterableDevice = Pick<
  DeviceResultRow,
  'input' | 'sn' | 'imei' | 'imei2' | 'warranty_days_left' | 'purchase_date' | FacetField | TriField
>;

export const SEARCH_MAX = 64;
const FACET_VALUE_MAX = 100;
const FACET_VALUES_MAX = 500;
const DAYS_LIMIT = 100_000;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD.' });
// Matched as stored, so not trimmed.
const facetValues = z.array(safeText({ max: FACET_VALUE_MAX, trim: false })).max(FACET_VALUES_MAX);
const days = z.number().int().min(-DAYS_LIMIT).max(DAYS_LIMIT);

const facetShape = Object.fromEntries(FACET_FIELDS.map((f) => [f, facetValues.optional()])) as Record<
  FacetField,
  z.ZodOptional<typeof facetValues>
>;
const triShape = Object.fromEntries(TRI_FIELDS.map((f) => [f, z.enum(TRI_STATES).optional()])) as Record<
  TriField,
  z.ZodOptional<z.ZodEnum<{ [K in TriState]: K }>>
>;

/**
 * Every filter, all optional (absent = any). Facet fields take the accepted values (a device with
 * one of them passes; NO_VALUE stands for "unknown"); `days_min`/`days_max` bound the warranty
 * days left (a device with unknown days fails a set bound); `purchase_from`/`purchase_to` bound the
 * purchase date, inclusive; `q` is the SN/IMEI search (case-insensitive, anywhere in the input
 * line, SN, IMEI or IMEI 2).
 */
export const resultFilter = z.object({
  q: safeText({ max: SEARCH_MAX }).optional(),
  ...facetShape,
  ...triShape,
  days_min: days.optional(),
  days_max: days.optional(),
  purchase_from: isoDate.optional(),
  purchase_to: isoDate.optional(),
});
export type ResultFilter = z.infer<typeof resultFilter>;

/**
 * A filter from untrusted search params: each valid field is kept, each invalid one dropped (a
 * hand-edited URL never breaks the page), empty lists and blank searches removed.
 */
export function parseResultFilter(raw: unknown): ResultFilter {
  if (typeof raw !== 'object' || raw === null) return {};
  const shape = resultFilter.shape;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    let value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    // A URL typed by hand reads digits as numbers (q=3569…): SN/IMEI text and facet values are text.
    if (key === 'q' && typeof value === 'number') value = String(value);
    if (Array.isArray(value)) value = value.map((v) => (typeof v === 'number' ? String(v) : v));
    const parsed = schema.safeParse(value);
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  return normalizeFilter(out as ResultFilter);
}

/** The same filter without empty parts (so equal filters compare and serialise equal). */
export function normalizeFilter(filter: ResultFilter): ResultFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === 'q' && typeof value === 'string' && value.trim() === '') continue;
    out[key] = value;
  }
  return out as ResultFilter;
}

export function isEmptyFilter(filter: ResultFilter): boolean {
  return Object.keys(normalizeFilter(filter)).length === 0;
}

/** A device's facet value: its fact, or NO_VALUE when unknown. */
export function facetValue(device: FilterableDevice, field: FacetField): string {
  return device[field] ?? NO_VALUE;
}

/** The lower-case text the SN/IMEI search looks in. */
export function searchText(device: FilterableDevice): string {
  return `${device.input}\n${device.sn ?? ''}\n${device.imei ?? ''}\n${device.imei2 ?? ''}`.toLowerCase();
}

/** One condition of a filter. `facet`/`tri` name the counted field the condition is about. */
export interface Dimension {
  facet?: FacetField;
  tri?: TriField;
  test(device: FilterableDevice, index: number): boolean;
}

/**
 * The filter's conditions, one per set field. `searchIndex` (searchText per device, by position) can
 * be passed to avoid building the search text per device on every recount.
 */
export function compileFilter(filter: ResultFilter, searchIndex?: readonly string[]): Dimension[] {
  const dims: Dimension[] = [];
  const needle = filter.q === undefined ? '' : String(filter.q).trim().toLowerCase();
  if (needle) {
    dims.push({
      test: searchIndex
        ? (_d, i) => (searchIndex[i] ?? '').includes(needle)
        : (d) => searchText(d).includes(needle),
    });
  }
  for (const field of FACET_FIELDS) {
    const values = filter[field];
    if (!values || values.length === 0) continue;
    const accepted = new Set<string>(values);
    dims.push({ facet: field, test: (d) => accepted.has(d[field] ?? NO_VALUE) });
  }
  for (const field of TRI_FIELDS) {
    const wanted = filter[field];
    if (!wanted) continue;
    dims.push({ tri: field, test: (d) => d[field] === wanted });
  }
  const { days_min: min, days_max: max } = filter;
  if (min !== undefined || max !== undefined) {
    dims.push({
      test: (d) => {
        const left = d.warranty_days_left;
        if (left === null) return false;
        return (min === undefined || left >= min) && (max === undefined || left <= max);
      },
    });
  }
  const { purchase_from: from, purchase_to: to } = filter;
  if (from !== undefined || to !== undefined) {
    dims.push({
      test: (d) => {
        const date = d.purchase_date;
        if (date === null) return false;
        // YYYY-MM-DD strings order like the dates they name.
        return (from === undefined || date >= from) && (to === undefined || date <= to);
      },
    });
  }
  return dims;
}

/** Whether one device passes every condition. */
export function matchesFilter(device: FilterableDevice, filter: ResultFilter): boolean {
  return compileFilter(filter).every((dim) => dim.test(device, 0));
}

/** Validators a facet value must pass in the URL: its allowed values where the contract fixes them. */
export const FACET_KNOWN_VALUES: Partial<Record<FacetField, readonly string[]>> = {
  warranty_type: WARRANTY_TYPES,
  status: DEVICE_STATUSES,
};
