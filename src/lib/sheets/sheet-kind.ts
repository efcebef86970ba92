export type SheetKind = 'csv' | 'xlsx';

/** The kind of a chosen file by its name (browsers give no reliable type for CSV); null if neither. */
export function sheetKind(fileName: string): SheetKind | null {
  const name = fileName.toLowerCase();
  if (/\.(csv|txt|tsv)$/.test(name)) return 'csv';
  if (name.endsWith('.xlsx')) return 'xlsx';
  return null;
}
