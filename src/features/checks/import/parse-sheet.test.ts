import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { cellText, extractIdentifierCells } from './extract-cells.ts';
import { parseSheet, sheetKind } from './parse-sheet.ts';

const toArrayBuffer = (buffer: Buffer): ArrayBuffer =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

describe('extractIdentifierCells', () => {
  it('takes only the columns a header names as SN / IMEI / 序列号', () => {
    const rows = [
      ['型号', '序列号', 'price', 'IMEI 2'],
      ['iPhone 12', 'F2LXK1ABHG7F', 3200, '352099001761481'],
      ['iPhone 13', '', 4100, null],
    ];
    expect(extractIdentifierCells(rows)).toEqual(['F2LXK1ABHG7F', '352099001761481']);
  });

  it('takes every non-empty cell without such a header, row by row', () => {
    expect(extractIdentifierCells([['a', null, ' b '], [], [352099001761481]])).toEqual([
      'a',
      'b',
      '352099001761481',
    ]);
  });

  it('writes numbers without exponent, so a 15-digit IMEI stays whole', () => {
    expect(cellText(352099001761481)).toBe('352099001761481');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText(true)).toBe('');
  });
});

describe('parseSheet', () => {
  it('reads the first sheet of an XLSX', async () => {
    const buffer = await writeXlsxFile([
      [{ value: 'SN' }, { value: 'note' }],
      [{ value: 'F2LXK1ABHG7F' }, { value: 'box' }],
      [{ value: 352099001761481 }, { value: '' }],
    ]).toBuffer();
    expect(await parseSheet('xlsx', toArrayBuffer(buffer))).toEqual(['F2LXK1ABHG7F', '352099001761481']);
  });

  it('reads a CSV with quotes and empty lines', async () => {
    const csv = new TextEncoder().encode('"F2LXK1ABHG7F",x\r\n\r\n352099001761481,"a,b"\n');
    expect(await parseSheet('csv', csv.buffer as ArrayBuffer)).toEqual([
      'F2LXK1ABHG7F',
      'x',
      '352099001761481',
      'a,b',
    ]);
  });

  it('knows CSV and XLSX files by name only', () => {
    expect(sheetKind('Stock.XLSX')).toBe('xlsx');
    expect(sheetKind('list.csv')).toBe('csv');
    expect(sheetKind('old.xls')).toBeNull();
  });
});
