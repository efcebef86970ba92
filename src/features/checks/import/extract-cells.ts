/**
 * Which cells of an imported spreadsheet (CSV or the first sheet of an XLSX) are identifiers.
 *
 * Decision: when the first row names one or more identifier columns (a header cell reading SN,
 * IMEI, IMEI1, IMEI2, MEID, serial, serial number, 序列号, 串号 or 设备号, in any case and with
 * or without spaces), only those columns below the header are taken. Otherwise every non-empty
 * cell of the sheet is taken, row by row, left to right: shops export stock lists with the
 * identifiers in whatever column, and the paste box's rules then sort out what is an SN or IMEI
 * (a model name or a price is simply listed as rejected, with its reason).
 */
const HEADER = /^(sn|imei\s*[12]?|meid|serial(\s*(no\.?|number))?|序列号|串号|设备号|imei号)$/i;

/** Rows come as text from src/lib/sheets (numbers already written out in full). */
const cellOf = (cell: string | undefined): string => (cell ?? '').trim();

export function extractIdentifierCells(rows: readonly (readonly string[])[]): string[] {
  const header = rows[0] ?? [];
  const columns: number[] = [];
  header.forEach((cell, index) => {
    if (HEADER.test(cellOf(cell))) columns.push(index);
  });
  const out: string[] = [];
  if (columns.length > 0) {
    for (let r = 1; r < rows.length; r++) {
      const row = rows[r] ?? [];
      for (const c of columns) {
        const text = cellOf(row[c]);
        if (text) out.push(text);
      }
    }
    return out;
  }
  for (const row of rows) {
    for (const cell of row) {
      const text = cellOf(cell);
      if (text) out.push(text);
    }
  }
  return out;
}
