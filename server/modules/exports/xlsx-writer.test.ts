import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, describe, expect, it } from 'vitest';
import { columnLetters, sheetName, XlsxStreamWriter, xmlText } from './xlsx-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('XlsxStreamWriter', () => {
  it('writes a workbook a spreadsheet parser reads back exactly', async () => {
    const path = join(dir, 'a.xlsx');
    const w = XlsxStreamWriter.open(path, { sheetName: 'Resultados: lote [7]', widths: [10, 20] });
    await w.writeRow(['Name', 'Días'], true);
    await w.writeRow(['<b>&"x"', 42]);
    await w.writeRow([null, -3.5]);
    await w.writeRow(['bell\u0007 and lone \uD800 surrogate', '=1+1']);
    const size = await w.close();
    const bytes = readFileSync(path);
    expect(size).toBe(bytes.length);
    const sheets = await readXlsxFile(bytes);
    expect(sheets[0]?.sheet).toBe('Resultados  lote  7');
    expect(sheets[0]?.data).toEqual([
      ['Name', 'Días'],
      ['<b>&"x"', 42],
      [null, -3.5],
      ['bell and lone  surrogate', '=1+1'],
    ]);
  });

  it('names columns like Excel and cleans text', () => {
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
    expect(xmlText('a<b')).toBe('a&lt;b');
    expect(xmlText('x'.repeat(40_000))).toHaveLength(32_767);
    expect(sheetName('')).toBe('Sheet1');
  });
});
