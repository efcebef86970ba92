import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_BATCH_LINES, validateBatch } from './batch.ts';
import { luhnCheckDigit } from './parse.ts';

describe('validateBatch', () => {
  it('sorts lines into valid, invalid and duplicates with 1-based line numbers', () => {
    const result = validateBatch([
      '490154203237518',
      'nope',
      'c8qh6t96dpng',
      '490154203237518',
      'C8QH6T96DPNG',
      '',
    ]);
    expect(result.valid).toEqual([
      { line: 1, raw: '490154203237518', kind: 'imei', form: 'imei', value: '490154203237518' },
      { line: 3, raw: 'c8qh6t96dpng', kind: 'sn', form: 'sn12', value: 'C8QH6T96DPNG' },
    ]);
    expect(result.invalid).toEqual([
      { line: 2, raw: 'nope', reason: 'bad_length' },
      { line: 6, raw: '', reason: 'empty' },
    ]);
    expect(result.duplicates).toEqual([
      { line: 4, raw: '490154203237518', value: '490154203237518', of: 'input' },
      { line: 5, raw: 'C8QH6T96DPNG', value: 'C8QH6T96DPNG', of: 'input' },
    ]);
  });

  it('treats an IMEISV, its MEID form and its IMEI as one device', () => {
    const result = validateBatch(['4901542032375199', '490154203237518', '49015420323751']);
    expect(result.valid).toHaveLength(1);
    expect(result.valid[0]).toMatchObject({ form: 'imeisv', value: '490154203237518' });
    expect(result.duplicates.map((d) => [d.line, d.of, d.value])).toEqual([
      [2, 'input', '490154203237518'],
      [3, 'input', '490154203237518'],
    ]);
  });

  it('marks values already in the order as order duplicates, even when repeated', () => {
    const existing = new Set(['490154203237518']);
    const result = validateBatch(['4901542032375199', '490154203237518', 'C8QH6T96DPNG'], existing);
    expect(result.duplicates.map((d) => [d.line, d.of])).toEqual([
      [1, 'order'],
      [2, 'order'],
    ]);
    expect(result.valid.map((v) => v.line)).toEqual([3]);
  });

  it('does not echo a huge line back', () => {
    const huge = '9'.repeat(1_000_000);
    const [line] = validateBatch([huge]).invalid;
    expect(line?.reason).toBe('too_long');
    expect(line?.raw).toBe('9'.repeat(64) + '…');
  });

  it('takes up to MAX_BATCH_LINES lines and throws beyond', () => {
    const lines = Array.from({ length: MAX_BATCH_LINES }, (_, i) => {
      const body = String(35_000_000_000_000 + i);
      return body + luhnCheckDigit(body);
    });
    expect(validateBatch(lines).valid).toHaveLength(MAX_BATCH_LINES);
    expect(() => validateBatch([...lines, 'x'])).toThrow(RangeError);
  });

  it('property: every line lands in exactly one list, in input order', () => {
    const imei = fc.stringMatching(/^\d{14}$/).map((s) => s + luhnCheckDigit(s));
    const line = fc.oneof(
      imei,
      fc.stringMatching(/^\d{14,16}$/),
      fc.stringMatching(/^[0-9A-Za-z]{10,12}$/),
      fc.constantFrom('', ' ', '490154203237518', '4901542032375199', 'C8QH6T96DPNG', 'c8qh6t96dpng'),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), fc.array(imei, { maxLength: 5 }), (lines, order) => {
        const result = validateBatch(lines, new Set(order));
        const numbers = [...result.valid, ...result.invalid, ...result.duplicates].map((l) => l.line);
        expect(numbers.sort((a, b) => a - b)).toEqual(lines.map((_, i) => i + 1));
        for (const list of [result.valid, result.invalid, result.duplicates]) {
          for (const entry of list) expect(entry.raw).toBe(lines[entry.line - 1]);
          expect(list.map((l) => l.line)).toEqual([...list.map((l) => l.line)].sort((a, b) => a - b));
        }
        const values = result.valid.map((v) => v.value);
        expect(new Set(values).size).toBe(values.length);
        for (const v of values) expect(order).not.toContain(v);
        for (const d of result.duplicates) {
          if (d.of === 'order') expect(order).toContain(d.value);
          else expect(values).toContain(d.value);
        }
      }),
    );
  });
});
