import { deviceWord, isWordField } from '#contract/device-words.ts';
import type { ResultColumnId } from '#contract/schemas/checks-columns.ts';
import type { DeviceResultRow, TriState } from '#contract/schemas/checks-results.ts';
import type { Cell } from './xlsx-writer.ts';
import type { ExportWords } from './labels.ts';

type TriColumn = {
  [K in ResultColumnId]: K extends keyof DeviceResultRow
    ? DeviceResultRow[K] extends TriState
      ? K
      : never
    : never;
}[ResultColumnId];

const TRI_COLUMNS: ReadonlySet<string> = new Set<TriColumn>([
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

/**
 * A device's value in one column as the spreadsheet shows it: yes/no/unknown, statuses and warranty
 * types in words of the export's language, colours, carriers and countries too (contract/device-words.ts),
 * days left as a number, empty for an unknown fact.
 */
export function cellOf(
  device: DeviceResultRow,
  column: ResultColumnId,
  words: ExportWords,
  lang: string,
): Cell {
  if (TRI_COLUMNS.has(column)) return words.tri[device[column as TriColumn]];
  if (column === 'status') return words.status[device.status];
  if (column === 'warranty_type') return device.warranty_type ? words.warranty[device.warranty_type] : null;
  const value = device[column];
  if (typeof value === 'string' && isWordField(column)) return deviceWord(column, value, lang);
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** Column widths (characters) that fit the header and a typical value. */
export function widthOf(header: string, column: ResultColumnId): number {
  const typical = column === 'input' || column === 'gsx_text' ? 24 : column === 'model' ? 22 : 12;
  // A CJK character is about two Latin ones wide.
  const headerWidth = [...header].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  return Math.min(40, Math.max(typical, headerWidth + 2));
}
