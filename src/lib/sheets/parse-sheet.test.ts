import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { cellText, parseSheet } from './parse-sheet.ts';
import { sheetKind } from './sheet-kind.ts';

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

describe('parseSheet', () => {
  it('reads the first sheet of an XLSX as rows of text, long numbers whole', async () => {
    const buffer = await writeXlsxFile([
      [{ value: 'SN' }, { value: 'note' }],
      [{ value: 'F2LXK1ABHG7F' }, { value: 'box' }],
      [{ value: 352099001761481 }, { value: '' }],
    ]).toBuffer();
    expect(await parseSheet('xlsx', toArrayBuffer(buffer))).toEqual([
      ['SN', 'note'],
      ['F2LXK1ABHG7F', 'box'],
      ['352099001761481', ''],
    ]);
  });

  it('reads a CSV with quotes and empty lines, and a TSV', async () => {
    const csv = new TextEncoder().encode('"F2LXK1ABHG7F",x\r\n\r\n352099001761481,"a,b"\n');
    expect(await parseSheet('csv', csv.buffer as ArrayBuffer)).toEqual([
      ['F2LXK1ABHG7F', 'x'],
      ['352099001761481', 'a,b'],
    ]);
    const tsv = new TextEncoder().encode('\uFEFF352099001761481\tR123456789\t王芳\n');
    expect(await parseSheet('csv', tsv.buffer as ArrayBuffer)).toEqual([
      ['352099001761481', 'R123456789', '王芳'],
    ]);
  });

  it('writes numbers without exponent, so a 15-digit IMEI stays whole', () => {
    expect(cellText(352099001761481)).toBe('352099001761481');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(true)).toBe('');
  });

  it('knows CSV, TXT, TSV and XLSX files by name only', () => {
    expect(sheetKind('Stock.XLSX')).toBe('xlsx');
    expect(sheetKind('list.csv')).toBe('csv');
    expect(sheetKind('scan.txt')).toBe('csv');
    expect(sheetKind('old.xls')).toBeNull();
  });
});
