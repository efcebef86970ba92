import { CONFIG_CODE_ENTRIES } from './data/config-codes.ts';
import { FACTORY_ENTRIES } from './data/factories.ts';
import { TAC_ENTRIES } from './data/tac.ts';
import type { IdentifierForm } from './parse.ts';

/**
 * The offline facts of a device check: what an IMEI's TAC and a serial number's public structure
 * say, without any upstream call. Inputs are the normalised values of parseIdentifier (a 15-digit
 * IMEI, an upper-case serial). Unknown codes give null fields, never an error: a valid identifier
 * is never rejected for a decode miss.
 */

export type ImeiFacts = { tac: string; brand: string | null; model: string | null };

export type SerialFacts = {
  /** Manufacturing location, from data/factories.ts (null when the code is not in the table). */
  factory: string | null;
  /** 3 characters for a 12-character serial, 2 for an 11-character one. */
  factoryCode: string;
  year: number | null;
  /** Week of the year, 1-53, counted in 7-day steps from 1 January (not the ISO week). */
  week: number | null;
  /** Last 4 characters (12-character serial) or last 3 (11-character serial). */
  configCode: string;
  model: string | null;
  colour: string | null;
  capacity: string | null;
};

type TacFacts = { brand: string; model: string };
type ConfigFacts = { model: string; colour: string | null; capacity: string | null; released: number };

const TACS = new Map<string, TacFacts>(TAC_ENTRIES.map(([tac, brand, model]) => [tac, { brand, model }]));
const FACTORIES = new Map<string, string>(FACTORY_ENTRIES);
const CONFIG_CODES = new Map<string, ConfigFacts>(
  CONFIG_CODE_ENTRIES.map(([code, model, colour, capacity, released]) => [
    code,
    { model, colour, capacity, released },
  ]),
);

/** Brand and model from the TAC (first 8 digits); null when the TAC is not in data/tac.ts. */
export function decodeImei(imei15: string): ImeiFacts {
  const tac = imei15.slice(0, 8);
  const hit = TACS.get(tac);
  return hit ? { tac, brand: hit.brand, model: hit.model } : { tac, brand: null, model: null };
}

/**
 * Facts of an 11- or 12-character Apple serial; null for a 10-character serial (random since late
 * 2021, nothing to decode) or any other length.
 *
 * 12 characters: LLL Y W SSS CCCC (location, year-and-half letter, week code, unit, configuration).
 * The year letters C D F G H J K L M N P Q R S T V W X Y Z are the first and second halves of
 * 2010 to 2019, and the cycle started again in 2020: C/D are 2010 or 2020, F/G 2011 or 2021. The
 * decade is taken from the configuration code's model when the table knows it (the earlier decade
 * if the model was out by the year after it, else the later) and is otherwise the later decade:
 * 2020-2021 devices are far more common in shops today than 2010-2011 ones. The week code is 1-9
 * then C D F G H J K L M N P Q R T V W X Y (weeks 1-27), plus 26 in the second half; a first-half
 * 'Y' (week 27) does not exist.
 * 11 characters: LL Y WW SSS CCC, the year a digit (3-9: 2003-2009, 0-2: 2010-2012, when these
 * serials ended) and the week two digits 01-53.
 * A letter or digit outside these schemes gives a null year or week; the serial stays valid.
 */
export function decodeSerial(sn: string): SerialFacts | null {
  const s = hasLowercase(sn) ? sn.toUpperCase() : sn;
  if (s.length === 12) return decodeSerial12(s);
  if (s.length === 11) return decodeSerial11(s);
  return null;
}

/** The facts of a parsed identifier, by its form (parseIdentifier's `form` and `value`). */
export function decodeIdentifier(
  value: string,
  form: IdentifierForm,
): { imei?: ImeiFacts; serial?: SerialFacts | null } {
  switch (form) {
    case 'imei':
    case 'meid':
    case 'imeisv':
      return { imei: decodeImei(value) };
    case 'sn12':
    case 'sn11':
      return { serial: decodeSerial(value) };
    case 'sn10':
      return { serial: null };
  }
}

function decodeSerial12(s: string): SerialFacts {
  const factoryCode = s.slice(0, 3);
  const factory = FACTORIES.get(factoryCode) ?? FACTORIES.get(s.slice(0, 2)) ?? null;
  const configCode = s.slice(8);
  const config = CONFIG_CODES.get(configCode);

  const yearIndex = lookup(YEAR_INDEX, s.charCodeAt(3));
  let year: number | null = null;
  let week: number | null = null;
  if (yearIndex >= 0) {
    const earlier = 2010 + (yearIndex >> 1);
    year = yearIndex < 4 && !(config && config.released <= earlier + 1) ? earlier + 10 : earlier;
    const weekCode = lookup(WEEK_CODE, s.charCodeAt(4));
    const secondHalf = (yearIndex & 1) === 1;
    if (weekCode > 0 && (secondHalf || weekCode < 27)) week = secondHalf ? weekCode + 26 : weekCode;
  }
  return withConfig(factory, factoryCode, year, week, configCode, config);
}

function decodeSerial11(s: string): SerialFacts {
  const factoryCode = s.slice(0, 2);
  const configCode = s.slice(8);
  const yearDigit = s.charCodeAt(2) - 48;
  const year = yearDigit >= 0 && yearDigit <= 9 ? (yearDigit >= 3 ? 2000 : 2010) + yearDigit : null;
  const tens = s.charCodeAt(3) - 48;
  const units = s.charCodeAt(4) - 48;
  const weekNumber = tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : 0;
  const week = weekNumber >= 1 && weekNumber <= 53 ? weekNumber : null;
  return withConfig(
    FACTORIES.get(factoryCode) ?? null,
    factoryCode,
    year,
    week,
    configCode,
    CONFIG_CODES.get(configCode),
  );
}

function withConfig(
  factory: string | null,
  factoryCode: string,
  year: number | null,
  week: number | null,
  configCode: string,
  config: ConfigFacts | undefined,
): SerialFacts {
  return {
    factory,
    factoryCode,
    year,
    week,
    configCode,
    model: config ? config.model : null,
    colour: config ? config.colour : null,
    capacity: config ? config.capacity : null,
  };
}

function hasLowercase(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) return true;
  }
  return false;
}

/** A table indexed by character code (ASCII only); -1 or 0 outside it, as the table's default. */
function lookup(table: Int8Array, c: number): number {
  return c < 128 ? table[c]! : table[0]!;
}

function codeTable(chars: string, firstValue: number, missing: number): Int8Array {
  const table = new Int8Array(128).fill(missing);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = firstValue + i;
  return table;
}

/** Year letter -> 0..19: (index >> 1) years after 2010, (index & 1) the half. -1: not a year letter. */
const YEAR_INDEX = codeTable('CDFGHJKLMNPQRSTVWXYZ', 0, -1);
/** Week code -> week of the half, 1..27. 0: not a week code. */
const WEEK_CODE = codeTable('123456789CDFGHJKLMNPQRTVWXY', 1, 0);
