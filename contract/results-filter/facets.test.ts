import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TRI_STATES, WARRANTY_TYPES, DEVICE_STATUSES } from '../schemas/checks-results.ts';
import { computeFacets } from './facets.ts';
import { addDevices, buildFacetIndex, countFacets, createFacetIndex } from './facet-index.ts';
import {
  FACET_FIELDS,
  NO_VALUE,
  TRI_FIELDS,
  matchesFilter,
  parseResultFilter,
  searchText,
  type FilterableDevice,
  type ResultFilter,
} from './filter.ts';

const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const deviceArb: fc.Arbitrary<FilterableDevice> = fc.record({
  input: fc.constantFrom('F2LX1', 'DMPQ7', '356938035643809', 'C39ZK'),
  sn: orNull(fc.constantFrom('F2LX1', 'DMPQ7', 'C39ZK')),
  imei: orNull(fc.constantFrom('356938035643809', '490154203237518')),
  imei2: orNull(fc.constantFrom('356938035643817')),
  model: orNull(fc.constantFrom('iPhone 13', 'iPhone 14 Pro', 'iPad Air')),
  capacity: orNull(fc.constantFrom('128GB', '256GB')),
  colour: orNull(fc.constantFrom('Blue', 'Black', 'Red')),
  network_model: orNull(fc.constantFrom('A2633', 'A2890')),
  warranty_type: orNull(fc.constantFrom(...WARRANTY_TYPES)),
  carrier: orNull(fc.constantFrom('Unlocked', 'AT&T')),
  sale_country: orNull(fc.constantFrom('US', 'CN', 'JP')),
  status: fc.constantFrom(...DEVICE_STATUSES),
  warranty_days_left: orNull(fc.integer({ min: -30, max: 400 })),
  purchase_date: orNull(fc.constantFrom('2023-01-05', '2023-06-30', '2024-02-29')),
  ...(Object.fromEntries(TRI_FIELDS.map((f) => [f, fc.constantFrom(...TRI_STATES)])) as Record<
    (typeof TRI_FIELDS)[number],
    fc.Arbitrary<(typeof TRI_STATES)[number]>
  >),
});

const filterArb: fc.Arbitrary<ResultFilter> = fc.record(
  {
    q: fc.constantFrom('f2', '3569', 'zz', ''),
    model: fc.subarray(['iPhone 13', 'iPhone 14 Pro', 'iPad Air', NO_VALUE]),
    capacity: fc.subarray(['128GB', '256GB', NO_VALUE]),
    colour: fc.subarray(['Blue', 'Black', 'Red', NO_VALUE]),
    status: fc.subarray([...DEVICE_STATUSES]),
    warranty_type: fc.subarray([...WARRANTY_TYPES]),
    activation_lock: fc.constantFrom(...TRI_STATES),
    mdm_lock: fc.constantFrom(...TRI_STATES),
    activated: fc.constantFrom(...TRI_STATES),
    days_min: fc.integer({ min: -10, max: 200 }),
    days_max: fc.integer({ min: 0, max: 400 }),
    purchase_from: fc.constantFrom('2023-01-01', '2023-06-30'),
    purchase_to: fc.constantFrom('2023-06-30', '2024-12-31'),
  },
  { requiredKeys: [] },
);

/** The naive definition: for each facet, filter with every other condition and count values. */
function naive(devices: FilterableDevice[], filter: ResultFilter) {
  const without = (key: string) => {
    const f = { ...filter } as Record<string, unknown>;
    delete f[key];
    return devices.filter((d) => matchesFilter(d, f as ResultFilter));
  };
  const facets = Object.fromEntries(
    FACET_FIELDS.map((field) => {
      const counts: Record<string, number> = {};
      for (const d of without(field)) counts[d[field] ?? NO_VALUE] = (counts[d[field] ?? NO_VALUE] ?? 0) + 1;
      return [field, counts];
    }),
  );
  const tri = Object.fromEntries(
    TRI_FIELDS.map((field) => {
      const counts = { yes: 0, no: 0, unknown: 0 };
      for (const d of without(field)) counts[d[field]]++;
      return [field, counts];
    }),
  );
  return {
    total: devices.length,
    matched: devices.filter((d) => matchesFilter(d, filter)).length,
    facets,
    tri,
  };
}

describe('computeFacets', () => {
  it('equals a naive count (every other condition applied per facet) for any devices and filter', () => {
    fc.assert(
      fc.property(fc.array(deviceArb, { maxLength: 60 }), filterArb, (devices, filter) => {
        const result = computeFacets(devices, filter);
        const { mask, ...counts } = result;
        expect(counts).toEqual(naive(devices, filter));
        expect([...mask].map(Boolean)).toEqual(devices.map((d) => matchesFilter(d, filter)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same answer with a prebuilt search index', () => {
    fc.assert(
      fc.property(fc.array(deviceArb, { maxLength: 40 }), filterArb, (devices, filter) => {
        const index = devices.map(searchText);
        expect(computeFacets(devices, filter, index)).toEqual(computeFacets(devices, filter));
      }),
    );
  });

  it('keeps unknown apart and fails unknown days or dates when a bound is set', () => {
    const base = fc.sample(deviceArb, { numRuns: 1, seed: 1 })[0] as FilterableDevice;
    const known = {
      ...base,
      activation_lock: 'yes',
      warranty_days_left: 10,
      purchase_date: '2023-02-01',
    } as const;
    const unknown = {
      ...base,
      activation_lock: 'unknown',
      warranty_days_left: null,
      purchase_date: null,
    } as const;
    const r = computeFacets([known, unknown], { days_min: 0 });
    expect(r.matched).toBe(1);
    expect(r.tri.activation_lock).toEqual({ yes: 1, no: 0, unknown: 0 });
    expect(computeFacets([known, unknown], {}).tri.activation_lock).toEqual({ yes: 1, no: 0, unknown: 1 });
    expect(computeFacets([known, unknown], { purchase_to: '2023-12-31' }).matched).toBe(1);
  });
});

describe('countFacets (columnar index)', () => {
  it('answers exactly what computeFacets answers, for any devices and filter', () => {
    fc.assert(
      fc.property(fc.array(deviceArb, { maxLength: 60 }), filterArb, (devices, filter) => {
        expect(countFacets(buildFacetIndex(devices), filter)).toEqual(computeFacets(devices, filter));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same index filled in chunks, and answers several filters from one index', () => {
    fc.assert(
      fc.property(
        fc.array(deviceArb, { maxLength: 50 }),
        fc.array(filterArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 20 }),
        (devices, filters, chunk) => {
          const index = createFacetIndex(devices.length);
          for (let offset = 0; offset < devices.length; offset += chunk)
            addDevices(index, offset, devices.slice(offset, offset + chunk));
          for (const filter of filters)
            expect(countFacets(index, filter)).toEqual(computeFacets(devices, filter));
        },
      ),
    );
  });

  it('counts nothing for a facet value no device has, and handles no devices', () => {
    const base = fc.sample(deviceArb, { numRuns: 1, seed: 2 })[0] as FilterableDevice;
    const index = buildFacetIndex([base]);
    expect(countFacets(index, { colour: ['Chartreuse'] }).matched).toBe(0);
    expect(countFacets(buildFacetIndex([]), { colour: ['Blue'] })).toEqual(
      computeFacets([], { colour: ['Blue'] }),
    );
  });
});

describe('parseResultFilter', () => {
  it('keeps valid fields and drops invalid ones, empty lists and blank searches', () => {
    expect(
      parseResultFilter({
        model: ['iPhone 13'],
        colour: [],
        q: '  ',
        activation_lock: 'maybe',
        mdm_lock: 'no',
        days_min: 'x',
        days_max: 30,
        purchase_from: '2023-13',
        purchase_to: '2024-01-31',
        other: 1,
      }),
    ).toEqual({ model: ['iPhone 13'], mdm_lock: 'no', days_max: 30, purchase_to: '2024-01-31' });
    expect(parseResultFilter('nonsense')).toEqual({});
    // Digits in a hand-typed URL arrive as numbers.
    expect(parseResultFilter({ q: 35325620, capacity: [256] })).toEqual({ q: '35325620', capacity: ['256'] });
  });
});
