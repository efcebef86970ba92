import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/web-worker';
import { extractIdentifierCells, type CellLike } from './extract-cells.ts';

export type SheetKind = 'csv' | 'xlsx';

/** The kind of a chosen file by its name (browsers give no reliable type for CSV); null if neither. */
export function sheetKind(fileName: string): SheetKind | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv') || name.endsWith('.txt')) return 'csv';
  if (name.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/**
 * Reads the identifier cells of a CSV or of the first sheet of an XLSX (see extract-cells.ts for
 * which cells). Runs in the import worker; pure enough to test without one.
 */
export async function parseSheet(kind: SheetKind, data: ArrayBuffer): Promise<string[]> {
  if (kind === 'xlsx') {
    const rows = await readSheet(data);
    return extractIdentifierCells(rows as CellLike[][]);
  }
  // The decoder drops a BOM; mixed line endings (a file edited on two systems) become one kind,
  // since Papa Parse guesses a single newline for the whole file.
  const text = new TextDecoder('utf-8').decode(data).replace(/\r\n?/g, '\n');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true, newline: '\n' });
  return extractIdentifierCells(parsed.data);
}
