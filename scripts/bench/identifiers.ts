// `npm run bench:identifiers`: how many identifiers the shared rules validate and decode per second
// on one core, over a mix like real pastes (mostly IMEIs and 12-character serials, some IMEISVs,
// MEID forms, old and random serials, and bad lines). Target: at least 1,000,000/s.
import { validateBatch } from '#contract/identifiers/batch.ts';
import { decodeIdentifier } from '#contract/identifiers/decode.ts';
import { luhnCheckDigit, parseIdentifier } from '#contract/identifiers/parse.ts';
import { splitIdentifierText } from '#contract/identifiers/split.ts';

const N = Number(process.env.BENCH_N ?? 2_000_000);
const POOL = 20_000;

// A fixed-seed generator: the same mix on every run.
let seed = 20260101;
const random = () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const pick = (chars: string) => chars[Math.floor(random() * chars.length)]!;
const digits = (n: number) => Array.from({ length: n }, () => pick('0123456789')).join('');
const serialChars = (n: number) =>
  Array.from({ length: n }, () => pick('0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')).join('');
const TACS = ['35925406', '35325807', '35875505', '01332700', '35744105', '35391805'];

function imeiBody(): string {
  return (random() < 0.5 ? TACS[Math.floor(random() * TACS.length)]! : digits(8)) + digits(6);
}

function sample(): string {
  const r = random();
  if (r < 0.4) {
    const body = imeiBody();
    return body + luhnCheckDigit(body);
  }
  if (r < 0.45) return imeiBody() + digits(2); // IMEISV
  if (r < 0.5) return imeiBody(); // MEID form
  if (r < 0.75) {
    const sn =
      pick('CDFGW') +
      serialChars(2) +
      pick('CDFGHJKLMNPQRSTVWXYZ') +
      pick('123456789CDFGHJKLMNPQRTVWXY') +
      serialChars(7);
    return random() < 0.1 ? sn.toLowerCase() : sn;
  }
  if (r < 0.8)
    return (
      serialChars(2) +
      pick('0123456789') +
      String(1 + Math.floor(random() * 53)).padStart(2, '0') +
      serialChars(6)
    );
  if (r < 0.9) return serialChars(10);
  // Bad lines: wrong check digit, a letter in an IMEI, wrong length, a label, an O in a serial.
  const bad = [
    () => {
      const body = imeiBody();
      return body + ((luhnCheckDigit(body) + 1) % 10);
    },
    () => digits(7) + 'O' + digits(7),
    () => digits(9),
    () => 'IMEI:' + digits(15),
    () => 'C02' + serialChars(8) + 'O',
    () => '',
  ];
  return bad[Math.floor(random() * bad.length)]!();
}

const pool = Array.from({ length: POOL }, sample);

function run(count: number): number {
  let checksum = 0;
  for (let i = 0; i < count; i++) {
    const parsed = parseIdentifier(pool[i % POOL]!);
    if (!parsed.ok) {
      checksum += parsed.reason.length;
      continue;
    }
    const facts = decodeIdentifier(parsed.value, parsed.form);
    if (facts.imei) checksum += facts.imei.brand === null ? 1 : 2;
    else if (facts.serial) checksum += facts.serial.week ?? 0;
  }
  return checksum;
}

run(Math.min(N, 300_000)); // warm up the JIT
const started = performance.now();
const checksum = run(N);
const seconds = (performance.now() - started) / 1000;
const perSecond = Math.round(N / seconds / 1000) * 1000;
console.log(
  `identifiers: validated+decoded ${perSecond.toLocaleString('en-US')}/s (n=${N.toLocaleString('en-US')})`,
);

// The paste box's whole path for a full batch: split the text, then sort the lines.
const text = Array.from({ length: 100_000 }, sample).join('\n');
const batchStarted = performance.now();
const batch = validateBatch(splitIdentifierText(text));
const batchMs = performance.now() - batchStarted;
console.log(
  `identifiers: split+validateBatch of 100,000 lines in ${batchMs.toFixed(0)} ms ` +
    `(${batch.valid.length} valid, ${batch.invalid.length} invalid, ${batch.duplicates.length} duplicates; checksum ${checksum})`,
);
