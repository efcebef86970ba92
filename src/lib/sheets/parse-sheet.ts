import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/web-worker';
import type { SheetKind } from './sheet-kind.ts';

/** A sheet as rows of text cells (empty cells are ''). */
export type SheetRows = string[][];

/** A cell as text: numbers without exponent or grouping (15-digit IMEIs survive), trimmed. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isInteger(cell) ? BigInt(cell).toString() : String(cell);
  if (typeof cell === 'string') return cell.trim();
  return '';
}

/**
 * Reads a CSV/TSV/TXT file or the first sheet of an XLSX into rows of text cells. Shared by every
 * import (check orders take the identifier cells, repair intake takes whole rows); runs in the
 * sheet worker, or in the page where there is no Worker.
 */
export async function parseSheet(kind: SheetKind, data: ArrayBuffer): Promise<SheetRows> {
  if (kind === 'xlsx') {
    const rows = await readSheet(data);
    return (rows as unknown[][]).map((row) => row.map(cellText));
  }
  // The decoder drops a BOM; mixed line endings (a file edited on two systems) become one kind,
  // since Papa Parse guesses a single newline for the whole file. The delimiter is guessed too
  // (comma, tab, semicolon).
  const text = new TextDecoder('utf-8').decode(data).replace(/\r\n?/g, '\n');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true, newline: '\n' });
  return parsed.data.map((row) => row.map(cellText));
}
