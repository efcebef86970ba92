import { parseIdentifier } from './parse.ts';

/**
 * SN and IMEI candidates in text recognised from a photo (identify_sn_imei's `content`): a box
 * label, a SIM tray sticker or a Settings > About screenshot. Stricter than a paste, because a
 * recogniser misreads: an IMEI is taken only as 15 digits with a right Luhn digit, a serial only
 * when it mixes letters and digits; and more forgiving where photos differ from pastes:
 * - Settings shows an IMEI in groups ("35 361341 812226 6"): neighbouring digit groups on one line
 *   are joined when they make 15 digits.
 * - Glyphs a recogniser confuses with digits (O/D/Q for 0, I/l/| for 1, S for 5, B for 8, g for 9 or
 *   8, Z for 2, G for 6) are tried as digits in IMEIs; the Luhn digit picks the reading, and a token
 *   with two right readings is dropped rather than guessed.
 * - Apple serials never hold O or I, so in a serial they are read as 0 and 1.
 * - A serial cut in two by a space is joined when the halves make a serial.
 * Labels glued to a value ("IMEI:3569…", "No.F2LX…") are cut off. Answers each identifier once, in
 * the order met.
 */
export interface PhotoCandidate {
  kind: 'imei' | 'sn';
  value: string;
}

const DIGIT_LOOKALIKES: Record<string, readonly string[]> = {
  O: ['0'],
  o: ['0'],
  D: ['0'],
  Q: ['0'],
  I: ['1'],
  l: ['1'],
  '|': ['1'],
  ']': ['1'],
  '[': ['1'],
  '!': ['1'],
  i: ['1'],
  L: ['1'],
  S: ['5'],
  s: ['5'],
  B: ['8'],
  g: ['9', '8'],
  q: ['9'],
  Z: ['2'],
  z: ['2'],
  G: ['6'],
};
/** Most look-alike glyphs tried in one IMEI (2^n readings at most). */
const MAX_LOOKALIKES = 4;
const LABEL_PREFIX = /^(?:IMEI2?|IMEI\/MEID|MEID|S\/N|SN|Serial|No\.?|\(S\))[:.#]?/i;
const EDGE_PUNCTUATION = /^[^0-9A-Za-z|\][!]+|[^0-9A-Za-z|\][!]+$/g;

function clean(token: string): string {
  let t = token.replace(EDGE_PUNCTUATION, '');
  // A label glued to its value: only when something identifier-like follows.
  const glued = LABEL_PREFIX.exec(t);
  if (glued && t.length - glued[0].length >= 10) t = t.slice(glued[0].length);
  return t.replace(EDGE_PUNCTUATION, '');
}

/** Digits, and look-alikes; at least most of it real digits. */
function digitLike(token: string): boolean {
  let digits = 0;
  for (const ch of token) {
    if (ch >= '0' && ch <= '9') digits++;
    else if (!(ch in DIGIT_LOOKALIKES)) return false;
  }
  return digits >= token.length - MAX_LOOKALIKES && digits > 0;
}

/** The one Luhn-valid 15-digit reading of a digit-like token, or null (none, or ambiguous). */
function imeiReading(token: string): string | null {
  if (token.length !== 15) return null;
  let readings = [''];
  for (const ch of token) {
    const options = ch >= '0' && ch <= '9' ? [ch] : DIGIT_LOOKALIKES[ch];
    if (!options) return null;
    readings = readings.flatMap((r) => options.map((o) => r + o));
  }
  const valid = new Set<string>();
  for (const r of readings) {
    const parsed = parseIdentifier(r);
    if (parsed.ok && parsed.kind === 'imei' && parsed.form === 'imei') valid.add(parsed.value);
  }
  return valid.size === 1 ? ([...valid][0] as string) : null;
}

function serialReading(token: string, labelled = false): string | null {
  if (token.length < 10 || token.length > 12 || !/^[0-9A-Za-z]+$/.test(token)) return null;
  const upper = token.toUpperCase().replaceAll('O', '0').replaceAll('I', '1');
  let digits = 0;
  for (const ch of upper) if (ch >= '0' && ch <= '9') digits++;
  // A word is not a serial: a serial mixes letters and digits. On a line labelled "Serial" a
  // 1 or 0 read as I or O counts as the digit it must be.
  const rawDigits = [...token].filter((ch) => ch >= '0' && ch <= '9').length;
  if ((rawDigits === 0 && !(labelled && digits > 0)) || digits === upper.length) return null;
  const parsed = parseIdentifier(upper);
  return parsed.ok && parsed.kind === 'sn' ? parsed.value : null;
}

export function extractPhotoCandidates(text: string): PhotoCandidate[] {
  const out: PhotoCandidate[] = [];
  const seen = new Set<string>();
  const add = (kind: PhotoCandidate['kind'], value: string | null) => {
    if (value === null || seen.has(value)) return;
    seen.add(value);
    out.push({ kind, value });
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    const labelled = /seria[l1|\]]|s\/n/i.test(line);
    const tokens = line
      .split(/[\s,;，；\u3000]+/)
      .map(clean)
      .filter((t) => t !== '');
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] as string;
      if (digitLike(token)) {
        // The token alone, or joined with the digit groups that follow it on the line.
        let joined = '';
        for (let j = i; j < tokens.length && j < i + 5; j++) {
          const part = tokens[j] as string;
          if (!digitLike(part)) break;
          joined += part;
          if (joined.length > 15) break;
          const imei = imeiReading(joined);
          if (imei) {
            add('imei', imei);
            i = j;
            break;
          }
        }
        continue;
      }
      const serial = serialReading(token, labelled);
      if (serial) {
        add('sn', serial);
        continue;
      }
      // A serial the recogniser cut in two ("FXMGA1 9EUQ9G").
      const next = tokens[i + 1];
      const halves =
        next !== undefined && /\d/.test(token) && /\d/.test(next) && token.length >= 3 && next.length >= 3;
      const joined = halves ? serialReading(token + next) : null;
      if (joined) {
        add('sn', joined);
        i++;
      }
    }
  }
  return out;
}
