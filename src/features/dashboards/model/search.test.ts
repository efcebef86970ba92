import { describe, expect, it } from 'vitest';
import { DASHBOARD_PERIODS } from '#contract/values/dashboards.ts';
import { TRI_STATES } from '#contract/values/checks-results.ts';
import {
  PERIODS,
  completeFilter,
  parseCreatedRangeSearch,
  parseDeviceFilterSearch,
  parsePage,
  parsePeriod,
  parseRepairListSearch,
} from './search.ts';

describe('dashboard search parsers (zod-free copies of the contract)', () => {
  it('know the contract periods', () => {
    expect([...PERIODS]).toEqual([...DASHBOARD_PERIODS]);
    expect(TRI_STATES).toEqual(['unknown', 'yes', 'no']);
    expect(parsePeriod('30d')).toBe('30d');
    expect(parsePeriod('31d')).toBeUndefined();
    expect(parsePage(3)).toBe(3);
    expect(parsePage('x')).toBeUndefined();
    expect(parsePage(1)).toBeUndefined();
  });

  it('reads a devices filter, dropping what a hand-edited URL gets wrong', () => {
    const search = parseDeviceFilterSearch({
      from: '2026-04-01',
      to: '2026-04-07',
      model: ['iPhone 14', 15],
      capacity: '128GB',
      colour: [],
      carrier: [{}],
      activation_lock: 'yes',
      network_lock: 'maybe',
      sale_country: [''],
      junk: 1,
    });
    expect(search).toEqual({
      from: '2026-04-01',
      to: '2026-04-07',
      model: ['iPhone 14', '15'],
      capacity: ['128GB'],
      sale_country: [''],
      activation_lock: 'yes',
    });
    expect(completeFilter(search)).toMatchObject({ from: '2026-04-01', to: '2026-04-07' });
    expect(completeFilter({ from: '2026-04-01' })).toBeNull();
    expect(parseDeviceFilterSearch({ from: '2026-4-1' })).toEqual({});
  });

  it('reads the order list days only as a pair', () => {
    expect(parseCreatedRangeSearch({ created_from: '2026-04-01', created_to: '2026-04-07' })).toEqual({
      created_from: '2026-04-01',
      created_to: '2026-04-07',
    });
    expect(parseCreatedRangeSearch({ created_from: '2026-04-01' })).toEqual({});
  });

  it('reads the repair list filters', () => {
    expect(
      parseRepairListSearch({ progress: ['quote_pending', 'x y'], watched: true, changed_today: 'no' }),
    ).toEqual({
      progress: ['quote_pending'],
      watched: true,
    });
    expect(parseRepairListSearch({ progress: 'repairing', changed_today: true })).toEqual({
      progress: ['repairing'],
      changed_today: true,
    });
  });
});
