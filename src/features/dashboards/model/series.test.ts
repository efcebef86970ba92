import { describe, expect, it } from 'vitest';
import { OTHER, dayRows } from './series.ts';

const link = {
  list: 'check_orders',
  filter: { created_from: '2026-01-01', created_to: '2026-01-01' },
} as const;

describe('dayRows', () => {
  it('one row per day, a key per service, points in points (not hundredths)', () => {
    const rows = dayRows([
      { date: '2026-01-01', services: [{ service: 'warranty', devices: 3, points: 150 }], link },
      { date: '2026-01-02', services: [], link },
    ]);
    expect(rows.services).toEqual(['warranty']);
    expect(rows.devices).toEqual([
      { day: '01-01', date: '2026-01-01', warranty: 3 },
      { day: '01-02', date: '2026-01-02', warranty: 0 },
    ]);
    expect(rows.points[0]!.warranty).toBe(1.5);
  });

  it('keeps the 5 busiest services and sums the rest under OTHER', () => {
    const services = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((service, i) => ({
      service,
      devices: 10 - i,
      points: 0,
    }));
    const rows = dayRows([{ date: '2026-01-01', services, link }]);
    expect(rows.services).toEqual(['a', 'b', 'c', 'd', 'e', OTHER]);
    expect(rows.devices[0]![OTHER]).toBe(5 + 4);
    const total = rows.services.reduce((sum, s) => sum + (rows.devices[0]![s] as number), 0);
    expect(total).toBe(services.reduce((sum, s) => sum + s.devices, 0));
  });
});
