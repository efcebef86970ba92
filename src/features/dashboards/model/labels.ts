import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { deviceWord, isWordField } from '#contract/device-words.ts';
import type { DashboardPeriod } from '#contract/values/dashboards.ts';
import type { WarrantyType } from '#contract/values/checks-results.ts';
import type { ServiceCode } from '#contract/values/checks-catalogue.ts';
import { SERVICE_NAMES } from '#src/lib/check-service-names.ts';
import { WARRANTY_TYPE_NAMES } from '#src/lib/labels/device-facts.ts';

export const PERIOD_LABELS: Record<DashboardPeriod, MessageDescriptor> = {
  today: msg`Today`,
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  '90d': msg`90 days`,
};

/**
 * A facet value in words: '' is "unknown" (the device has no such fact yet); colours, carriers and
 * countries in the reader's language (contract/device-words.ts).
 */
export function facetLabel(i18n: I18n, key: string, value: string): string {
  if (value === '') return i18n._(msg`Unknown`);
  if (key === 'warranty_type' && value in WARRANTY_TYPE_NAMES)
    return i18n._(WARRANTY_TYPE_NAMES[value as WarrantyType]);
  if (isWordField(key)) return deviceWord(key, value, i18n.locale);
  return value;
}

/** A check service by its code; a code the PWA does not know yet shows as it is. */
export const serviceLabel = (i18n: I18n, code: string): string =>
  code in SERVICE_NAMES ? i18n._(SERVICE_NAMES[code as ServiceCode]) : code;

/** A share of a whole as a percentage with one decimal ('—' for an empty whole). */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%`;
}

/** Per ten thousand → "97.5%" ('—' for null: nothing finished). */
export const basisPoints = (bp: number | null): string => (bp === null ? '—' : `${(bp / 100).toFixed(1)}%`);
