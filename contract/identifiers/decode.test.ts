import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONFIG_CODE_ENTRIES } from './data/config-codes.ts';
import { FACTORY_ENTRIES } from './data/factories.ts';
import { TAC_ENTRIES } from './data/tac.ts';
import { decodeIdentifier, decodeImei, decodeSerial } from './decode.ts';
import { parseIdentifier } from './parse.ts';

describe('decodeImei', () => {
  it('names brand and model of a known TAC', () => {
    expect(decodeImei('359254060000005')).toEqual({ tac: '35925406', brand: 'Apple', model: 'iPhone 6' });
  });

  it('names iPhones from the Osmocom TAC database, without capacity suffixes', () => {
    expect(decodeImei('353824080000000')).toEqual({ tac: '35382408', brand: 'Apple', model: 'iPhone 7' });
    expect(decodeImei('357276090000000')).toMatchObject({ model: 'iPhone XS Max' });
    expect(decodeImei('358805050000000')).toMatchObject({ model: 'iPhone 5s' });
  });

  it('gives the TAC with null brand and model when the TAC is unknown', () => {
    expect(decodeImei('490154203237518')).toEqual({ tac: '49015420', brand: null, model: null });
  });
});

describe('decodeSerial: 12 characters', () => {
  it('decodes location, year, week and configuration (Reincubate example C8QH6T96DPNG)', () => {
    expect(decodeSerial('C8QH6T96DPNG')).toEqual({
      factory: null,
      factoryCode: 'C8Q',
      year: 2012,
      week: 6,
      configCode: 'DPNG',
      model: 'iPhone 4 (CDMA)',
      colour: null,
      capacity: '8GB',
    });
  });

  it('uses the 3-character location first, then its first 2 characters', () => {
    expect(decodeSerial('C02L13ECF8J2')).toMatchObject({
      factory: 'China (Quanta Computer)',
      factoryCode: 'C02',
      year: 2013,
      week: 27,
      configCode: 'F8J2',
      model: null,
    });
    expect(decodeSerial('F2LXK0AAZZZZ')).toMatchObject({
      factoryCode: 'F2L',
      factory: 'China (Zhengzhou, Foxconn)',
    });
    expect(decodeSerial('DNPQ1ABCZZZZ')).toMatchObject({ factory: 'China (Chengdu, Foxconn)', year: 2015 });
    expect(decodeSerial('G6TQ1ABCZZZZ')).toMatchObject({ factoryCode: 'G6T', factory: null });
  });

  it('adds 26 weeks in the second half of the year', () => {
    expect(decodeSerial('C02M9ABCZZZZ')).toMatchObject({ year: 2014, week: 9 });
    expect(decodeSerial('C02N9ABCZZZZ')).toMatchObject({ year: 2014, week: 35 });
    expect(decodeSerial('C02NCABCZZZZ')).toMatchObject({ year: 2014, week: 36 });
    expect(decodeSerial('C02MXABCZZZZ')).toMatchObject({ week: 26 });
    expect(decodeSerial('C02NYABCZZZZ')).toMatchObject({ week: 53 });
  });

  it('gives a null week for a code that does not exist, and null year and week for a non-year letter', () => {
    expect(decodeSerial('C02MYABCZZZZ')).toMatchObject({ year: 2014, week: null }); // first-half week 27
    expect(decodeSerial('C02MSABCZZZZ')).toMatchObject({ year: 2014, week: null });
    expect(decodeSerial('C02MAABCZZZZ')).toMatchObject({ year: 2014, week: null });
    expect(decodeSerial('C02E1ABCZZZZ')).toMatchObject({ year: null, week: null });
    expect(decodeSerial('C02B1ABCZZZZ')).toMatchObject({ year: null, week: null });
  });

  it('puts C, D, F and G in 2020-2021 unless the model was out by 2011', () => {
    expect(decodeSerial('DNPC1ABCZZZZ')).toMatchObject({ year: 2020, week: 1 });
    expect(decodeSerial('DNPG1ABCZZZZ')).toMatchObject({ year: 2021, week: 27 });
    expect(decodeSerial('DNPD5ABCDPNG')).toMatchObject({ year: 2010, week: 31 });
    expect(decodeSerial('DNPG5ABCDPNG')).toMatchObject({ year: 2011 });
    expect(decodeSerial('C02D5ABCHX87')).toMatchObject({ year: 2020 }); // a 2017 model
    expect(decodeSerial('DNPH5ABCZZZZ')).toMatchObject({ year: 2012 }); // no ambiguity from H on
  });

  it('decodes lower-case input like upper-case', () => {
    expect(decodeSerial('c8qh6t96dpng')).toEqual(decodeSerial('C8QH6T96DPNG'));
  });
});

describe('decodeSerial: 11 and 10 characters', () => {
  it('decodes an 11-character serial', () => {
    expect(decodeSerial('W8815ABCY7H')).toEqual({
      factory: 'China (Shanghai)',
      factoryCode: 'W8',
      year: 2008,
      week: 15,
      configCode: 'Y7H',
      model: 'iPhone 3G',
      colour: 'Black',
      capacity: '8GB',
    });
    expect(decodeSerial('YM253ABC123')).toMatchObject({
      factory: 'China (Hon Hai/Foxconn)',
      year: 2012,
      week: 53,
    });
    expect(decodeSerial('RM001ABC123')).toMatchObject({ factory: 'Refurbished', year: 2010, week: 1 });
  });

  it('gives a null week outside 01-53 and a null year for a letter', () => {
    expect(decodeSerial('4H954ABC123')).toMatchObject({ year: 2009, week: null });
    expect(decodeSerial('4H900ABC123')).toMatchObject({ week: null });
    expect(decodeSerial('4H9A1ABC123')).toMatchObject({ week: null });
    expect(decodeSerial('4HX12ABC123')).toMatchObject({ year: null, week: 12 });
  });

  it('decodes nothing from a 10-character (random) serial', () => {
    expect(decodeSerial('H6T4N2X9QW')).toBeNull();
  });
});

describe('decodeIdentifier', () => {
  it('dispatches on the form', () => {
    expect(decodeIdentifier('490154203237518', 'imeisv')).toEqual({
      imei: { tac: '49015420', brand: null, model: null },
    });
    expect(decodeIdentifier('H6T4N2X9QW', 'sn10')).toEqual({ serial: null });
    expect(decodeIdentifier('C8QH6T96DPNG', 'sn12').serial).toMatchObject({ year: 2012 });
    expect(decodeIdentifier('W8815ABCY7H', 'sn11').serial).toMatchObject({ year: 2008 });
  });

  it('property: any accepted serial decodes without throwing, to plausible dates', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{10,12}$/), (raw) => {
        const parsed = parseIdentifier(raw);
        if (!parsed.ok) return;
        const { serial } = decodeIdentifier(parsed.value, parsed.form);
        if (parsed.form === 'sn10') {
          expect(serial).toBeNull();
          return;
        }
        expect(serial).not.toBeNull();
        if (serial?.year != null) expect(serial.year).toBeGreaterThanOrEqual(2003);
        if (serial?.year != null) expect(serial.year).toBeLessThanOrEqual(2021);
        if (serial?.week != null) expect(serial.week).toBeGreaterThanOrEqual(1);
        if (serial?.week != null) expect(serial.week).toBeLessThanOrEqual(53);
        expect(serial?.configCode).toBe(parsed.value.slice(8));
      }),
    );
  });
});

describe('shipped tables', () => {
  const unique = (codes: string[]) => expect(new Set(codes).size).toBe(codes.length);

  it('TACs are 8 digits, each once, with a brand and model', () => {
    for (const [tac, brand, model] of TAC_ENTRIES) {
      expect(tac).toMatch(/^\d{8}$/);
      expect(brand).not.toBe('');
      expect(model).not.toBe('');
    }
    unique(TAC_ENTRIES.map(([tac]) => tac));
  });

  it('location codes are 2 or 3 serial characters, each once', () => {
    for (const [code] of FACTORY_ENTRIES) expect(code).toMatch(/^[0-9A-HJ-NP-Z]{2,3}$/);
    unique(FACTORY_ENTRIES.map(([code]) => code));
  });

  it('configuration codes are 3 or 4 serial characters, each once, with a plausible release year', () => {
    for (const [code, model, , , released] of CONFIG_CODE_ENTRIES) {
      expect(code).toMatch(/^[0-9A-HJ-NP-Z]{3,4}$/);
      expect(model).not.toBe('');
      expect(released).toBeGreaterThanOrEqual(2000);
      expect(released).toBeLessThanOrEqual(2022);
    }
    unique(CONFIG_CODE_ENTRIES.map(([code]) => code));
  });
});
