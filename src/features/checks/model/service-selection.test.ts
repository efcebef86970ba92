import { describe, expect, it } from 'vitest';
import { coveredByPackages, orderPrice, resolveSelection, shortfall } from './service-selection.ts';
import { service } from '#tests/fixtures/checks-rows.ts';

const catalogue = [
  service(1, 'warranty', 150),
  service(2, 'activation_lock', 100),
  service(3, 'sale_country', 200, { depends_on: ['warranty'] }),
  service(4, 'gsx_text', 500, { depends_on: ['sale_country'] }),
  service(5, 'mdm_lock', 300, { maintenance: true }),
];

describe('resolveSelection', () => {
  it('adds what the picked services depend on, transitively, and notes it', () => {
    const s = resolveSelection(catalogue, new Set([4]));
    expect(s.services.map((x) => x.code)).toEqual(['warranty', 'sale_country', 'gsx_text']);
    expect(s.autoAdded.map((x) => x.code)).toEqual(['warranty', 'sale_country']);
    expect(s.pricePerDevice).toBe(850);
  });

  it('a dependency picked by hand is not marked as added', () => {
    const s = resolveSelection(catalogue, new Set([3, 1]));
    expect(s.autoAdded).toEqual([]);
    expect(s.pricePerDevice).toBe(350);
  });

  it('reports services under maintenance and drops unknown ids', () => {
    const s = resolveSelection(catalogue, new Set([5, 99]));
    expect(s.inMaintenance.map((x) => x.code)).toEqual(['mdm_lock']);
    expect(s.services).toHaveLength(1);
  });

  it('nothing picked costs nothing', () => {
    expect(resolveSelection(catalogue, new Set()).pricePerDevice).toBe(0);
  });
});

describe('price', () => {
  it('is devices x the sum of the service prices, in hundredths', () => {
    expect(orderPrice(187, 250)).toBe(46_750);
    expect(orderPrice(0, 250)).toBe(0);
  });

  it('unused package checks pay for devices first, one check per device', () => {
    expect(coveredByPackages(187, 50)).toBe(50);
    expect(coveredByPackages(3, 100)).toBe(3);
    expect(coveredByPackages(3, 0)).toBe(0);
    expect(orderPrice(187, 250, 50)).toBe(137 * 250);
    expect(orderPrice(3, 250, 100)).toBe(0);
  });

  it('the shortfall is what the balance lacks, never negative', () => {
    expect(shortfall(100_000, 46_750)).toBe(0);
    expect(shortfall(40_000, 46_750)).toBe(6_750);
  });
});
