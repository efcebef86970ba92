import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatHundredths, normalizeAmountInput, parseAmountToHundredths } from './amount.ts';

describe('normalizeAmountInput (spec section 5, amount input helper)', () => {
  describe('the rules of the spec', () => {
    it('strips characters that are not digits or dots', () => {
      expect(normalizeAmountInput('¥ 1a2b.3c')).toBe('12.3');
      expect(normalizeAmountInput('-12,5 ')).toBe('125');
    });

    it('collapses repeated dots and keeps only the first dot', () => {
      expect(normalizeAmountInput('1..5')).toBe('1.5');
      expect(normalizeAmountInput('1.2.3')).toBe('1.23');
      expect(normalizeAmountInput('1...2.')).toBe('1.2');
    });

    it('limits decimals to a given count', () => {
      expect(normalizeAmountInput('1.239')).toBe('1.23');
      expect(normalizeAmountInput('1.2399', 3)).toBe('1.239');
      expect(normalizeAmountInput('1.9', 0)).toBe('1');
      expect(normalizeAmountInput('12.', 0)).toBe('12');
    });

    it("turns a leading '00' into '0.'", () => {
      expect(normalizeAmountInput('00')).toBe('0.');
      expect(normalizeAmountInput('005')).toBe('0.5');
    });

    it("turns a leading '.' into '0.'", () => {
      expect(normalizeAmountInput('.')).toBe('0.');
      expect(normalizeAmountInput('.5')).toBe('0.5');
    });

    it('drops a leading zero before other digits', () => {
      expect(normalizeAmountInput('05')).toBe('5');
      expect(normalizeAmountInput('0123.4')).toBe('123.4');
      expect(normalizeAmountInput('0.5')).toBe('0.5');
    });
  });

  describe('edge cases and rule interactions', () => {
    it('keeps empty input empty and a single zero as it is', () => {
      expect(normalizeAmountInput('')).toBe('');
      expect(normalizeAmountInput('abc')).toBe('');
      expect(normalizeAmountInput('0')).toBe('0');
      expect(normalizeAmountInput('0.')).toBe('0.');
    });

    it('keeps a trailing dot so decimals can still be typed', () => {
      expect(normalizeAmountInput('12.')).toBe('12.');
    });

    it("collapses the dots before a leading '.' becomes '0.'", () => {
      expect(normalizeAmountInput('..5')).toBe('0.5');
      expect(normalizeAmountInput('.5.5')).toBe('0.55');
    });

    it("puts the digits after a leading '00' behind the new dot", () => {
      expect(normalizeAmountInput('000')).toBe('0.0');
      expect(normalizeAmountInput('0000')).toBe('0.00');
      expect(normalizeAmountInput('001.5')).toBe('0.15');
    });

    it("applies the dot and decimal rules again after '00' becomes '0.'", () => {
      expect(normalizeAmountInput('00.5')).toBe('0.5');
      expect(normalizeAmountInput('00..')).toBe('0.');
      expect(normalizeAmountInput('00000')).toBe('0.00');
      expect(normalizeAmountInput('00123')).toBe('0.12');
      expect(normalizeAmountInput('00123', 1)).toBe('0.1');
    });

    it('only drops leading zeros when no decimals are allowed', () => {
      expect(normalizeAmountInput('00', 0)).toBe('0');
      expect(normalizeAmountInput('000', 0)).toBe('0');
      expect(normalizeAmountInput('005', 0)).toBe('5');
      expect(normalizeAmountInput('0', 0)).toBe('0');
      expect(normalizeAmountInput('.5', 0)).toBe('');
      expect(normalizeAmountInput('.', 0)).toBe('');
      expect(normalizeAmountInput('0.9', 0)).toBe('0');
    });

    it('does not take full-width digits or the full-width dot for digits and dots', () => {
      expect(normalizeAmountInput('１２３')).toBe('');
      expect(normalizeAmountInput('1２.５6')).toBe('1.6');
      expect(normalizeAmountInput('1．5')).toBe('15');
      expect(normalizeAmountInput('٣')).toBe('');
    });

    it('allows any number of decimals with Infinity and rejects a negative or NaN count', () => {
      expect(normalizeAmountInput('0.123456789', Infinity)).toBe('0.123456789');
      expect(normalizeAmountInput('1.239', 2.7)).toBe('1.23');
      expect(() => normalizeAmountInput('1', -1)).toThrow(RangeError);
      expect(() => normalizeAmountInput('1', Number.NaN)).toThrow(RangeError);
    });
  });

  describe('properties', () => {
    const amountChar = fc.constantFrom(...'0000123456789....-, a１．');
    // The interesting cases start with zeros and dots ('00.5', '..5', '00123'), so half the inputs do.
    const leadingZerosAndDots = fc.string({ unit: fc.constantFrom('0', '.'), minLength: 1, maxLength: 4 });
    const rawInput = fc.oneof(
      fc.string({ unit: amountChar, maxLength: 12 }),
      fc
        .tuple(leadingZerosAndDots, fc.string({ unit: amountChar, maxLength: 8 }))
        .map(([start, rest]) => start + rest),
      fc.string({ unit: 'grapheme' }),
    );
    const decimals = fc.integer({ min: 0, max: 6 });

    it('outputs only digits and at most one dot', () => {
      fc.assert(
        fc.property(rawInput, decimals, (raw, places) => {
          const out = normalizeAmountInput(raw, places);
          expect(out).toMatch(/^[0-9]*\.?[0-9]*$/);
        }),
      );
    });

    it('never keeps more than `decimals` digits after the dot', () => {
      fc.assert(
        fc.property(rawInput, decimals, (raw, places) => {
          const out = normalizeAmountInput(raw, places);
          if (places === 0) expect(out).not.toContain('.');
          const dot = out.indexOf('.');
          if (dot >= 0) expect(out.length - dot - 1).toBeLessThanOrEqual(places);
        }),
      );
    });

    it('is idempotent', () => {
      fc.assert(
        fc.property(rawInput, decimals, (raw, places) => {
          const once = normalizeAmountInput(raw, places);
          expect(normalizeAmountInput(once, places)).toBe(once);
        }),
      );
    });

    it("never starts with '00' nor with '0' followed by a digit", () => {
      fc.assert(
        fc.property(rawInput, decimals, (raw, places) => {
          const out = normalizeAmountInput(raw, places);
          expect(out).not.toMatch(/^00/);
          expect(out).not.toMatch(/^0[0-9]/);
        }),
      );
    });

    it('leaves clean decimal numbers with at most `decimals` places and no leading zero unchanged', () => {
      const digit = fc.constantFrom(...'0123456789');
      const clean = decimals.chain((places) =>
        fc
          .tuple(
            fc.oneof(
              fc.constant('0'),
              fc
                .tuple(fc.constantFrom(...'123456789'), fc.string({ unit: digit, maxLength: 8 }))
                .map(([first, rest]) => first + rest),
            ),
            places === 0
              ? fc.constant('')
              : fc.option(fc.string({ unit: digit, maxLength: places }), { nil: undefined }),
          )
          .map(([whole, fraction]) => ({
            places,
            text: fraction === undefined || places === 0 ? whole : `${whole}.${fraction}`,
          })),
      );
      fc.assert(
        fc.property(clean, ({ places, text }) => {
          expect(normalizeAmountInput(text, places)).toBe(text);
        }),
      );
    });

    it('gives the same result whether the text is pasted or typed one character at a time', () => {
      // Not true with 0 decimals: rule 3 then removes what follows a pasted dot ('1.5' → '1'),
      // while a typed dot is removed before the next digit arrives ('1', '1', '15').
      fc.assert(
        fc.property(rawInput, fc.integer({ min: 1, max: 6 }), (raw, places) => {
          const typed = [...raw].reduce((field, char) => normalizeAmountInput(field + char, places), '');
          expect(typed).toBe(normalizeAmountInput(raw, places));
        }),
      );
    });

    it('produces text that parseAmountToHundredths reads whenever it holds a digit', () => {
      fc.assert(
        fc.property(rawInput, fc.integer({ min: 0, max: 2 }), (raw, places) => {
          const out = normalizeAmountInput(raw, places);
          if (/[0-9]/.test(out)) expect(parseAmountToHundredths(out)).not.toBeNull();
        }),
      );
    });
  });
});

describe('parseAmountToHundredths', () => {
  it('reads amounts as integer hundredths', () => {
    expect(parseAmountToHundredths('12.3')).toBe(1230);
    expect(parseAmountToHundredths('12.34')).toBe(1234);
    expect(parseAmountToHundredths('12')).toBe(1200);
    expect(parseAmountToHundredths('12.')).toBe(1200);
    expect(parseAmountToHundredths('0.')).toBe(0);
    expect(parseAmountToHundredths('.5')).toBe(50);
    expect(parseAmountToHundredths('0.05')).toBe(5);
    expect(parseAmountToHundredths(' 7.1 ')).toBe(710);
  });

  it('reads negative amounts and never returns -0', () => {
    expect(parseAmountToHundredths('-0.05')).toBe(-5);
    expect(parseAmountToHundredths('-12.3')).toBe(-1230);
    expect(Object.is(parseAmountToHundredths('-0'), 0)).toBe(true);
  });

  it('returns null for text that is not an amount', () => {
    expect(parseAmountToHundredths('')).toBeNull();
    expect(parseAmountToHundredths('   ')).toBeNull();
    expect(parseAmountToHundredths('.')).toBeNull();
    expect(parseAmountToHundredths('-')).toBeNull();
    expect(parseAmountToHundredths('1.234')).toBeNull();
    expect(parseAmountToHundredths('1,5')).toBeNull();
    expect(parseAmountToHundredths('1e3')).toBeNull();
    expect(parseAmountToHundredths('１２')).toBeNull();
    expect(parseAmountToHundredths('1.2.3')).toBeNull();
  });

  it('returns null outside the safe integer range', () => {
    expect(parseAmountToHundredths('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseAmountToHundredths('90071992547409.92')).toBeNull();
    expect(parseAmountToHundredths('-90071992547409.91')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(parseAmountToHundredths('1'.repeat(30))).toBeNull();
  });
});

describe('formatHundredths', () => {
  it('shows hundredths with two decimals', () => {
    expect(formatHundredths(1230)).toBe('12.30');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(0)).toBe('0.00');
    expect(formatHundredths(100)).toBe('1.00');
    expect(formatHundredths(123456789)).toBe('1234567.89');
  });

  it('shows negative values with a minus sign and never as -0.00', () => {
    expect(formatHundredths(-5)).toBe('-0.05');
    expect(formatHundredths(-1230)).toBe('-12.30');
    expect(formatHundredths(-0)).toBe('0.00');
    expect(formatHundredths(-0.4)).toBe('0.00');
  });

  it('rounds non-integers, keeps every digit of large values and rejects non-finite numbers', () => {
    expect(formatHundredths(0.1 * 3 * 100)).toBe('0.30');
    expect(formatHundredths(1e21)).toBe('10000000000000000000.00');
    expect(() => formatHundredths(Number.NaN)).toThrow(RangeError);
    expect(() => formatHundredths(Infinity)).toThrow(RangeError);
  });

  it('round-trips through parseAmountToHundredths for safe integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(parseAmountToHundredths(formatHundredths(value))).toBe(value + 0);
      }),
    );
  });
});
