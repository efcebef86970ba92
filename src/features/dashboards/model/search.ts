import type { DashboardDeviceFilter, DashboardPeriod } from '#contract/schemas/dashboards.ts';
import type { TriState } from '#contract/values/checks-results.ts';

/**
 * The dashboards' URL search, parsed by plain functions: the route parsers run in the first-load
 * bundle, which must stay free of zod and the contract's schemas (decision 0025). Only types are
 * imported from the contract; the constants below are checked against it by search.test.ts.
 * Anything a hand-edited URL gets wrong is dropped, never an error.
 */
export const PERIODS = ['today', '7d', '30d', '90d'] as const satisfies readonly DashboardPeriod[];
const TRI = ['unknown', 'yes', 'no'] as const satisfies readonly TriState[];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const FACET_KEYS = [
  'model',
  'capacity',
  'colour',
  'warranty_type',
  'sale_country',
  'carrier',
] as const;
export type FacetKey = (typeof FACET_KEYS)[number];
export const FLAG_KEYS = ['activation_lock', 'network_lock', 'replaced'] as const;
export type FlagKey = (typeof FLAG_KEYS)[number];

export const parsePeriod = (value: unknown): DashboardPeriod | undefined => PERIODS.find((p) => p === value);

export const parseIsoDate = (value: unknown): string | undefined =>
  typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;

export const parsePage = (value: unknown): number | undefined => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 1 ? n : undefined;
};

/** A facet's values: an array of texts, or one text ('' = unknown); the router may read digits as numbers. */
function parseValues(value: unknown): string[] | undefined {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const texts = list
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String)
    .filter((v) => v.length <= 100)
    .slice(0, 50);
  return texts.length > 0 ? texts : undefined;
}

/** The `devices` list's filter as it stands in the URL (the same keys as the contract's filter). */
export type DeviceFilterSearch = Partial<DashboardDeviceFilter>;

export function parseDeviceFilterSearch(search: Record<string, unknown>): DeviceFilterSearch {
  const out: DeviceFilterSearch = {};
  const from = parseIsoDate(search.from);
  const to = parseIsoDate(search.to);
  if (from) out.from = from;
  if (to) out.to = to;
  for (const key of FACET_KEYS) {
    const values = parseValues(search[key]);
    if (values) out[key] = values as never;
  }
  for (const key of FLAG_KEYS) {
    const value = TRI.find((v) => v === search[key]);
    if (value) out[key] = value;
  }
  return out;
}

/** A complete filter (both days given), or null: the page then says the link is incomplete. */
export function completeFilter(search: DeviceFilterSearch): DashboardDeviceFilter | null {
  return search.from && search.to
    ? ({ ...search, from: search.from, to: search.to } as DashboardDeviceFilter)
    : null;
}

/** /app/quiry/basicinquiry?created_from&created_to: the check orders created on those shop days. */
export interface CreatedRangeSearch {
  created_from?: string;
  created_to?: string;
}

export function parseCreatedRangeSearch(search: Record<string, unknown>): CreatedRangeSearch {
  const from = parseIsoDate(search.created_from);
  const to = parseIsoDate(search.created_to);
  return from && to ? { created_from: from, created_to: to } : {};
}

/**
 * /app/maintenance/maintenance?progress&watched&changed_today: the repair list's filters a figure
 * links to. Progress values are kept as texts here and checked against the contract by the page
 * (the contract's list of them lives with its zod schemas).
 */
export interface RepairListSearch {
  progress?: string[];
  watched?: boolean;
  changed_today?: boolean;
}

export function parseRepairListSearch(search: Record<string, unknown>): RepairListSearch {
  const out: RepairListSearch = {};
  const progress = parseValues(search.progress)?.filter((p) => /^[a-z_]{1,32}$/.test(p));
  if (progress && progress.length > 0) out.progress = progress;
  if (search.watched === true || search.watched === 'true') out.watched = true;
  if (search.changed_today === true || search.changed_today === 'true') out.changed_today = true;
  return out;
}
