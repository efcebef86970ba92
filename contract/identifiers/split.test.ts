import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitIdentifierText } from './split.ts';

describe('splitIdentifierText', () => {
  it('splits on every separator of the domain', () => {
    const text = 'a b\tc,d，e;f；g|h\r\ni\nj\rk\u3000l\u00a0m';
    expect(splitIdentifierText(text)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
      'k',
      'l',
      'm',
    ]);
  });

  it('drops empty pieces and runs of separators', () => {
    expect(splitIdentifierText('')).toEqual([]);
    expect(splitIdentifierText(' ,,;\r\n\r\n\t| ')).toEqual([]);
    expect(splitIdentifierText('\n\nC8QH6T96DPNG\r\n\r\n490154203237518\n')).toEqual([
      'C8QH6T96DPNG',
      '490154203237518',
    ]);
  });

  it('trims other white space around a piece', () => {
    expect(splitIdentifierText('\u2003abc\u2003,\ufeffdef')).toEqual(['abc', 'def']);
  });

  it('keeps dashes (a dash-grouped IMEI stays whole) and splits space-grouped labels', () => {
    expect(splitIdentifierText('35-209900-176148-1')).toEqual(['35-209900-176148-1']);
    expect(splitIdentifierText('35 209900 176148 1')).toEqual(['35', '209900', '176148', '1']);
  });

  it('splits a spreadsheet paste (tabs and CRLF) row by row, cell by cell', () => {
    expect(splitIdentifierText('SN\tIMEI\r\nF2LXK0AAHG7F\t353260070000001\r\n')).toEqual([
      'SN',
      'IMEI',
      'F2LXK0AAHG7F',
      '353260070000001',
    ]);
  });

  it('property: splitting pieces joined by any separators gives the pieces back', () => {
    const piece = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
    const separator = fc
      .array(fc.constantFrom(' ', '\t', ',', '，', ';', '；', '|', '\n', '\r\n', '\r', '\u3000'), {
        minLength: 1,
        maxLength: 3,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, separator)), fc.boolean(), (pairs, leading) => {
        const text = (leading ? '\n' : '') + pairs.map(([p, sep]) => p + sep).join('');
        expect(splitIdentifierText(text)).toEqual(pairs.map(([p]) => p));
      }),
    );
  });

  it('property: no piece is empty or holds a separator', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        for (const piece of splitIdentifierText(text)) {
          expect(piece).not.toBe('');
          expect(piece).not.toMatch(/[\t\n\r ,，;；|\u3000\u00a0]/);
          expect(piece.trim()).toBe(piece);
        }
      }),
    );
  });
});
