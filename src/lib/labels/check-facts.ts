import type { I18n } from '@lingui/core';
import { deviceWord, isWordField } from '#contract/device-words.ts';
import { RESULT_COLUMNS } from '#contract/values/checks-columns.ts';
import type { TriState, WarrantyType } from '#contract/values/checks-results.ts';
import { TRI_STATE_NAMES, WARRANTY_TYPE_NAMES } from './device-facts.ts';

// A check's answered facts in a shop's words (issue 27: the device history read "warranty_type:
// applecare_plus · replaced: no"). Facts are keyed by the results' column ids (contract
// checks-columns.ts), so a fact's name is its column's label and its value reads as in the table.

type Fact = string | number | boolean | null;

const LABELS = new Map<string, { id: string; message: string }>(RESULT_COLUMNS.map((c) => [c.id, c.label]));
const TRI_FIELDS = new Set([
  'replaced',
  'phone_support',
  'purchase_verified',
  'loaner',
  'activated',
  'activation_lock',
  'id_blacklist',
  'network_lock',
  'in_repair',
  'mdm_lock',
]);
/** Long texts that the history does not repeat in its one line (the results' GSX column shows them). */
const LEFT_OUT = new Set(['gsx_text']);

const isTri = (v: Fact): v is TriState => v === 'yes' || v === 'no' || v === 'unknown';

/** One fact's value in words: yes/no/unknown, warranty types, colours, carriers and countries translated. */
export function factValue(i18n: I18n, field: string, value: Fact): string {
  if (value === null || value === '') return i18n._(TRI_STATE_NAMES.unknown);
  if (typeof value === 'boolean') return i18n._(TRI_STATE_NAMES[value ? 'yes' : 'no']);
  if (typeof value === 'number') return String(value);
  if (TRI_FIELDS.has(field) && isTri(value)) return i18n._(TRI_STATE_NAMES[value]);
  if (field === 'warranty_type' && value in WARRANTY_TYPE_NAMES)
    return i18n._(WARRANTY_TYPE_NAMES[value as WarrantyType]);
  if (isWordField(field)) return deviceWord(field, value, i18n.locale);
  return value;
}

/**
 * The facts a check answered as "name: value" pairs, in the catalogue's order; a field the PWA has no
 * name for is left out rather than shown by its key.
 */
export function factLines(i18n: I18n, facts: Record<string, Fact>): string[] {
  return RESULT_COLUMNS.flatMap(({ id }) => {
    if (!(id in facts) || LEFT_OUT.has(id)) return [];
    const label = LABELS.get(id);
    return label ? [`${i18n._(label)}: ${factValue(i18n, id, facts[id] ?? null)}`] : [];
  });
}
