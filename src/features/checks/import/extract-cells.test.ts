import { describe, expect, it } from 'vitest';
import { extractIdentifierCells } from './extract-cells.ts';

describe('extractIdentifierCells', () => {
  it('takes only the columns a header names as SN / IMEI / 序列号', () => {
    const rows = [
      ['型号', '序列号', 'price', 'IMEI 2'],
      ['iPhone 12', 'F2LXK1ABHG7F', '3200', '352099001761481'],
      ['iPhone 13', '', '4100', ''],
    ];
    expect(extractIdentifierCells(rows)).toEqual(['F2LXK1ABHG7F', '352099001761481']);
  });

  it('takes every non-empty cell without such a header, row by row', () => {
    expect(extractIdentifierCells([['a', '', ' b '], [], ['352099001761481']])).toEqual([
      'a',
      'b',
      '352099001761481',
    ]);
  });
});
