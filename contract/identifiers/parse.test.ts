import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { luhnCheckDigit, MAX_IDENTIFIER_LENGTH, parseIdentifier } from './parse.ts';

/** A plain textbook Luhn, to check the fast one against. */
function referenceLuhn(digits: string): number {
  let sum = 0;
  const reversed = [...digits].reverse().map(Number);
  reversed.forEach((d, i) => {
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else sum += d;
  });
  return (10 - (sum % 10)) % 10;
}

const digits14 = fc.stringMatching(/^\d{14}$/);

describe('luhnCheckDigit', () => {
  it('gives the check digit of the textbook example IMEI 490154203237518', () => {
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(luhnCheckDigit('35209900176148')).toBe(1);
  });

  it('agrees with a reference Luhn for digit strings of any length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,30}$/), (s) => {
        expect(luhnCheckDigit(s)).toBe(referenceLuhn(s));
      }),
    );
  });

  it('refuses anything but decimal digits', () => {
    expect(() => luhnCheckDigit('')).toThrow(RangeError);
    expect(() => luhnCheckDigit('4901542032375A')).toThrow(RangeError);
    expect(() => luhnCheckDigit('49015420 23751')).toThrow(RangeError);
  });
});

describe('parseIdentifier: IMEIs', () => {
  it('accepts a 15-digit IMEI with a right check digit', () => {
    expect(parseIdentifier('490154203237518')).toEqual({
      ok: true,
      kind: 'imei',
      form: 'imei',
      value: '490154203237518',
    });
    expect(parseIdentifier('352099001761481')).toMatchObject({ ok: true, value: '352099001761481' });
  });

  it('rejects a 15-digit number with a wrong check digit', () => {
    expect(parseIdentifier('490154203237517')).toEqual({ ok: false, reason: 'bad_check_digit' });
  });

  it('appends the check digit to a 14-digit MEID form', () => {
    expect(parseIdentifier('49015420323751')).toEqual({
      ok: true,
      kind: 'imei',
      form: 'meid',
      value: '490154203237518',
    });
  });

  it('turns a 16-digit IMEISV into its IMEI (first 14 digits + Luhn)', () => {
    expect(parseIdentifier('4901542032375199')).toEqual({
      ok: true,
      kind: 'imei',
      form: 'imeisv',
      value: '490154203237518',
    });
  });

  it('accepts dashes between digit groups, as IMEIs are printed, and drops them', () => {
    expect(parseIdentifier('35-209900-176148-1')).toMatchObject({ ok: true, value: '352099001761481' });
    expect(parseIdentifier('49-015420-323751-99')).toMatchObject({
      form: 'imeisv',
      value: '490154203237518',
    });
  });

  it('rejects misplaced dashes and dashes in serials', () => {
    for (const raw of ['-490154203237518', '490154203237518-', '49--0154203237518', 'C8QH6-T96DPNG']) {
      expect(parseIdentifier(raw)).toEqual({ ok: false, reason: 'bad_characters' });
    }
  });

  it('rejects hex MEIDs and IMEIs with a letter in them as bad characters', () => {
    expect(parseIdentifier('A0000012345678')).toEqual({ ok: false, reason: 'bad_characters' });
    expect(parseIdentifier('49015420323751O')).toEqual({ ok: false, reason: 'bad_characters' });
    expect(parseIdentifier('A000001234567890')).toEqual({ ok: false, reason: 'bad_characters' });
  });

  it('rejects numbers of other lengths (a serial always has letters)', () => {
    for (const raw of ['1', '12345', '123456789012', '1234567890123', '12345678901234567']) {
      expect(parseIdentifier(raw)).toEqual({ ok: false, reason: 'bad_length' });
    }
  });

  it('property: any 14 digits followed by their Luhn digit is a valid IMEI, unchanged', () => {
    fc.assert(
      fc.property(digits14, (s) => {
        const imei = s + luhnCheckDigit(s);
        expect(parseIdentifier(imei)).toEqual({ ok: true, kind: 'imei', form: 'imei', value: imei });
      }),
    );
  });

  it('property: changing one digit of a valid IMEI makes it invalid', () => {
    fc.assert(
      fc.property(digits14, fc.nat(14), fc.integer({ min: 1, max: 9 }), (s, at, delta) => {
        const imei = s + luhnCheckDigit(s);
        const changed = String((Number(imei[at]) + delta) % 10);
        const altered = imei.slice(0, at) + changed + imei.slice(at + 1);
        expect(parseIdentifier(altered)).toEqual({ ok: false, reason: 'bad_check_digit' });
      }),
    );
  });

  it('property: MEID form and IMEISV normalise to the same IMEI', () => {
    fc.assert(
      fc.property(digits14, fc.stringMatching(/^\d{2}$/), (s, sv) => {
        const imei = s + luhnCheckDigit(s);
        expect(parseIdentifier(s)).toMatchObject({ ok: true, form: 'meid', value: imei });
        expect(parseIdentifier(s + sv)).toMatchObject({ ok: true, form: 'imeisv', value: imei });
      }),
    );
  });
});

describe('parseIdentifier: Apple serial numbers', () => {
  it('accepts 12, 11 and 10 characters and upper-cases them', () => {
    expect(parseIdentifier('c8qh6t96dpng')).toEqual({
      ok: true,
      kind: 'sn',
      form: 'sn12',
      value: 'C8QH6T96DPNG',
    });
    expect(parseIdentifier('W8815ABCY7H')).toEqual({
      ok: true,
      kind: 'sn',
      form: 'sn11',
      value: 'W8815ABCY7H',
    });
    expect(parseIdentifier('H6T4N2X9QW')).toEqual({
      ok: true,
      kind: 'sn',
      form: 'sn10',
      value: 'H6T4N2X9QW',
    });
  });

  it('rejects the letters O and I in a 12-character serial, in either case', () => {
    for (const raw of ['C8QH6T96DPNO', 'C8QH6T96DPNI', 'c8qh6t96dpno', 'i8QH6T96DPNG']) {
      expect(parseIdentifier(raw)).toEqual({ ok: false, reason: 'sn_letter_o_or_i' });
    }
  });

  it('keeps a 12-character serial whose year or week letters are impossible (decode reports null)', () => {
    expect(parseIdentifier('C8QA0T96DPNG')).toMatchObject({ ok: true, form: 'sn12' });
  });

  it('rejects other lengths with letters', () => {
    for (const raw of ['ABC', 'ABCDEFGHJ', 'ABCDEFGHJKLMN', 'ABCDEFGHJKLMNPQRS']) {
      expect(parseIdentifier(raw)).toEqual({ ok: false, reason: 'bad_length' });
    }
  });
});

describe('parseIdentifier: everything else', () => {
  it('trims white space around the value', () => {
    expect(parseIdentifier(' \t490154203237518\u3000\r\n')).toMatchObject({
      ok: true,
      value: '490154203237518',
    });
  });

  it('calls a blank line empty', () => {
    for (const raw of ['', ' ', '\t\u3000\n'])
      expect(parseIdentifier(raw)).toEqual({ ok: false, reason: 'empty' });
  });

  it('rejects labels, punctuation, full-width digits and other scripts', () => {
    for (const raw of [
      'IMEI:490154203237518',
      'SN:C8QH6T96DPNG',
      '4901542032375１８',
      'C8QH6T96DPN.',
      '序列号',
    ]) {
      expect(parseIdentifier(raw)).toEqual({ ok: false, reason: 'bad_characters' });
    }
  });

  it('calls anything longer than 64 characters too long, without looking at it', () => {
    expect(parseIdentifier('A'.repeat(MAX_IDENTIFIER_LENGTH))).toEqual({ ok: false, reason: 'bad_length' });
    expect(parseIdentifier('A'.repeat(MAX_IDENTIFIER_LENGTH + 1))).toEqual({ ok: false, reason: 'too_long' });
    expect(parseIdentifier('€'.repeat(10_000))).toEqual({ ok: false, reason: 'too_long' });
  });

  it('property: never throws, and an accepted value parses to itself', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 70 }), fc.stringMatching(/^[0-9A-Za-z-]{8,18}$/)),
        (raw) => {
          const parsed = parseIdentifier(raw);
          if (parsed.ok) {
            const again = parseIdentifier(parsed.value);
            expect(again).toMatchObject({ ok: true, kind: parsed.kind, value: parsed.value });
          }
        },
      ),
    );
  });
});
