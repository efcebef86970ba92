import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A streaming XLSX writer: one sheet, rows written as they come into a deflated zip entry that goes
 * straight to a file, so memory stays flat whatever the number of rows (decision 0021: measured
 * against exceljs's WorkbookWriter, xlsx-write-stream and write-excel-file). Strings are inline
 * (`t="inlineStr"`): no shared-string table to hold in memory, and no cell is ever a formula, so a
 * value like `=HYPERLINK(...)` from a provider stays text.
 */
export type Cell = string | number | null;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
/** Excel's limit per cell. */
const CELL_MAX = 32_767;
/** Sheet XML gathered before it is compressed and written. */
const FLUSH_AT = 64 * 1024;

// XML 1.0 has no place for most control characters; a provider's answer may hold some.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML cannot hold
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

// Most values need neither: one test instead of two replaces.
// eslint-disable-next-line no-control-regex -- as above
const NEEDS_WORK = /[\u0000-\u001F<>&"\uD800-\uDFFF\uFFFE\uFFFF]/;

export function xmlText(value: string): string {
  if (value.length <= CELL_MAX && !NEEDS_WORK.test(value)) return value;
  let s = value.replace(INVALID_XML, '');
  if (s.length > CELL_MAX) s = s.slice(0, CELL_MAX);
  return s.replace(/[<>&"]/g, (c: string) => ESCAPES[c] as string);
}

/** A, B, … Z, AA, AB, …: the letters of a column (0-based). */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// Every cell carries its reference (r="B7"): Excel does not need it, but other readers do.
function cellXml(value: Cell, style: number, ref: string): string {
  const s = style ? ` s="${style}"` : '';
  if (value === null || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : '';
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(value)}</t></is></c>`;
}

const STATIC_PARTS: Record<string, string> = {
  '[Content_Types].xml':
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/>` +
    `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/></Types>`,
  '_rels/.rels':
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" ` +
    `Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels':
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
    `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
    `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
  // Style 1: bold (the header row).
  'xl/styles.xml':
    `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>` +
    `<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
    `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
    `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
    `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
    `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
};

export interface XlsxOptions {
  sheetName: string;
  /** Column widths in characters, by position. */
  widths?: readonly number[];
}

export class XlsxStreamWriter {
  private readonly out: WriteStream;
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private buffer = '';
  private rowNumber = 0;
  private readonly letters: string[] = [];
  private bytes = 0;
  private failed: Error | null = null;
  private readonly finished: Promise<void>;
  private readonly encoder = new TextEncoder();

  private readonly options: XlsxOptions;

  private constructor(path: string, options: XlsxOptions) {
    this.options = options;
    this.out = createWriteStream(path);
    this.finished = new Promise((resolve, reject) => {
      this.out.on('finish', resolve);
      this.out.on('error', (err) => {
        this.failed = err;
        reject(err);
      });
    });
    this.finished.catch(() => {}); // awaited in close(); a failure also surfaces in writeRow
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failed = err;
        this.out.destroy(err);
        return;
      }
      this.bytes += chunk.length;
      this.out.write(chunk);
      if (final) this.out.end();
    });
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
    this.zip.add(this.sheet);
    const cols = options.widths?.length
      ? `<cols>${options.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : '';
    // The header row stays in view while scrolling.
    this.buffer =
      `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheetViews><sheetView workbookViewId="0">` +
      `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `${cols}<sheetData>`;
  }

  static open(path: string, options: XlsxOptions): XlsxStreamWriter {
    return new XlsxStreamWriter(path, options);
  }

  /** Adds a row; resolves once the file has taken what is pending (back-pressure). */
  async writeRow(cells: readonly Cell[], bold = false): Promise<void> {
    if (this.failed) throw this.failed;
    const style = bold ? 1 : 0;
    const row = ++this.rowNumber;
    let xml = `<row r="${row}">`;
    for (let i = 0; i < cells.length; i++) {
      const letters = (this.letters[i] ??= columnLetters(i));
      xml += cellXml(cells[i] as Cell, style, `${letters}${row}`);
    }
    this.buffer += `${xml}</row>`;
    if (this.buffer.length >= FLUSH_AT) await this.flush(false);
  }

  private async flush(final: boolean): Promise<void> {
    this.sheet.push(this.encoder.encode(this.buffer), final);
    this.buffer = '';
    if (this.failed) throw this.failed;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  /** Finishes the workbook; answers the file's size in bytes. */
  async close(): Promise<number> {
    this.buffer += '</sheetData></worksheet>';
    await this.flush(true);
    const parts = {
      ...STATIC_PARTS,
      'xl/workbook.xml':
        `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets>` +
        `<sheet name="${xmlText(sheetName(this.options.sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    };
    for (const [name, text] of Object.entries(parts)) {
      const entry = new ZipDeflate(name, { level: 6 });
      this.zip.add(entry);
      entry.push(this.encoder.encode(text), true);
    }
    this.zip.end();
    await this.finished;
    return this.bytes;
  }

  /** Stops writing (the caller deletes the file). */
  abort(): void {
    this.zip.terminate();
    this.out.destroy();
  }
}

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export function sheetName(name: string): string {
  return (
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet1'
  );
}
