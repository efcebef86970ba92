// Issue 25: one text rule for every string a caller sends. This walks every endpoint's input schema
// (contract/string-leaves.ts: nested objects, arrays, records, optional, unions…), so a new field is
// covered without a new test: for each string field, a value it accepts with a control, bidi or
// zero-width character or a lone surrogate put anywhere in it must be refused (or, for a field that
// trims, come out without it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validInputs } from '#tests/fixtures/valid-inputs.ts';
import { endpoints } from './endpoints.ts';
import { isSafeText } from './schemas/common.ts';
import { stringLeaves } from './string-leaves.ts';

/** Characters no field may store: C0/C1 controls, bidi controls, zero-width ones, lone surrogates. */
const UNSAFE = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== '\n' && c !== '\t'),
  '\u007f',
  '\u0085',
  '\u009b',
  '\u061c',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u2060',
  '\ufeff',
  '\ud800',
  '\udfff',
];
/** Line breaks and tabs: only fields that keep them (remarks, chat, pasted lines) may store them. */
const BREAKS = ['\n', '\t'];

/** Every string in the fixture of valid inputs, and values of the formats the contract takes. */
function samplePool(): string[] {
  const found = new Set<string>([
    'a',
    'abc',
    'Lot 7',
    'abcdefgh12',
    'newpass12',
    '13812345678',
    '123456',
    '2026-03-01',
    'R20261122120000ABCDEFGHJKLM',
    'shop@example.com',
    '/api/user/edit_password',
    'request_id',
    'sn',
    'Asia/Shanghai',
    '356938035643809',
  ]);
  const walk = (v: unknown): void => {
    if (typeof v === 'string') found.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        found.add(k);
        walk(x);
      }
  };
  walk(validInputs);
  return [...found];
}

const pool = samplePool();
const leaves = Object.entries(endpoints).flatMap(([name, e]) =>
  stringLeaves(e.input).map((leaf) => ({ ...leaf, where: `${name}.${leaf.path}` })),
);

/** What the field stored: undefined when refused. */
function stored(schema: (typeof leaves)[number]['schema'], value: string): unknown {
  const r = schema.safeParse(value);
  return r.success ? r.data : undefined;
}

describe('text hygiene of every string field of every endpoint input', () => {
  it('finds the string fields (nested, in arrays, records and unions too)', () => {
    expect(leaves.length).toBeGreaterThan(150);
    const where = leaves.map((l) => l.where);
    for (const field of [
      'todoAdd.title',
      'todoAdd.note',
      'todoEdit.title',
      'chatSend.text',
      'surveyAdd.title',
      'surveyAdd.questions[]',
      'outboxReplay.writes[].body{key}',
      'orderDerive.selection|1.filter.model[]',
      'repairIntake.lines[].ident',
    ])
      expect(where).toContain(field);
  });

  it.each(leaves.map((l) => [l.where, l] as const))(
    '%s refuses invisible and control characters',
    (_, leaf) => {
      const accepted = pool.filter((v) => {
        const out = stored(leaf.schema, v);
        return typeof out === 'string' && isSafeText(out);
      });
      // Every field takes some sample: otherwise the test below would prove nothing. A new format needs
      // a sample in samplePool() (or a value in tests/fixtures/valid-inputs.ts).
      expect(accepted, `no sample value is accepted by ${leaf.where}`).not.toHaveLength(0);
      const keepsBreaks = accepted.some(
        (v) => stored(leaf.schema, `${v.slice(0, 1)}\n${v.slice(1)}`) !== undefined,
      );
      fc.assert(
        fc.property(
          fc.constantFrom(...accepted),
          fc.constantFrom(...UNSAFE, ...(keepsBreaks ? [] : BREAKS)),
          fc.nat(),
          fc.boolean(),
          (sample, bad, at, replace) => {
            const i = at % (sample.length + 1);
            // Inserted, or replacing a character (so a field at its longest still gets one in).
            const value = `${sample.slice(0, i)}${bad}${sample.slice(replace ? i + 1 : i)}`;
            const out = stored(leaf.schema, value);
            return out === undefined || (typeof out === 'string' && !out.includes(bad));
          },
        ),
        { numRuns: 60, seed: 25 },
      );
    },
  );
});
