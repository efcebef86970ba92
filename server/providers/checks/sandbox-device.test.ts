import { describe, expect, it } from 'vitest';
import { deviceResultRow, WARRANTY_TYPES, type WarrantyType } from '#contract/schemas/checks-results.ts';
import {
  DAY_MS,
  ID_MONITOR_DAYS,
  WARRANTY_WEIGHTS,
  isoDay,
  sandboxDevice,
  withLuhn,
} from './sandbox-device.ts';
import { SERVICE_FIELDS, sandboxFacts } from './sandbox-facts.ts';
import { SANDBOX_GSX_BANNER } from './sandbox-gsx.ts';
import { draw, fnv1a } from './sandbox-hash.ts';
import { SANDBOX_COUNTRIES, SANDBOX_MODELS, UNLOCKED_CARRIER } from './sandbox-models.ts';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const TODAY = '2026-11-21';
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const facts = deviceResultRow.partial();

const devices = (n: number, now = NOW) =>
  Array.from({ length: n }, (_, i) => sandboxDevice(fnv1a(`DEV${i}`), { sn: `DEV${i}`, imei: null }, now));

describe('sandboxDevice', () => {
  it('is a function of the seed, the input and the day', () => {
    const a = sandboxDevice(fnv1a('F2LXK0ABCD12'), { sn: 'F2LXK0ABCD12', imei: null }, NOW);
    expect(sandboxDevice(fnv1a('F2LXK0ABCD12'), { sn: 'F2LXK0ABCD12', imei: null }, NOW + 3600_000)).toEqual(
      a,
    );
    expect(sandboxDevice(fnv1a('F2LXK0ABCD13'), { sn: 'F2LXK0ABCD13', imei: null }, NOW)).not.toEqual(a);
  });

  it('gives plausible, self-consistent warranty facts', () => {
    const today = day(TODAY);
    for (const d of devices(3000)) {
      const parsed = facts.parse(sandboxFacts('full_check', d));
      expect(parsed.warranty_type).toBe(d.warranty_type);
      if (d.purchase_date !== null) {
        expect(isoDay(day(d.purchase_date))).toBe(d.purchase_date); // a real date
        expect(day(d.purchase_date)).toBeLessThan(today);
        expect(day(d.purchase_date)).toBeGreaterThanOrEqual(day(d.trueModel.released));
      }
      if (d.warranty_end !== null) {
        expect(isoDay(day(d.warranty_end))).toBe(d.warranty_end);
        expect(d.warranty_days_left).toBe(Math.max(0, day(d.warranty_end) - today));
        if (d.purchase_date !== null) expect(day(d.warranty_end)).toBeGreaterThan(day(d.purchase_date));
      } else {
        expect(d.warranty_days_left).toBeNull();
      }
      switch (d.warranty_type) {
        case 'applecare_plus':
        case 'limited':
          expect(d.warranty_days_left).toBeGreaterThan(0);
          expect(d.purchase_verified).toBe('yes');
          break;
        case 'out_of_warranty':
          expect(d.warranty_days_left).toBe(0);
          expect(d.phone_support).toBe('no');
          break;
        case 'replaced':
          expect(d.replaced).toBe('yes');
          break;
        case 'not_activated':
          expect([d.activated, d.purchase_date, d.warranty_end]).toEqual(['no', null, null]);
          break;
        case 'purchase_not_verified':
          expect([d.purchase_verified, d.purchase_date]).toEqual(['no', null]);
          break;
        case 'loaner':
          expect(d.loaner).toBe('yes');
          break;
        case 'bad_serial':
          expect([d.model, d.capacity, d.colour, d.activated]).toEqual([null, null, null, 'unknown']);
          break;
      }
      if (d.model !== null) {
        expect(d.model).toBe(d.trueModel.name);
        expect(d.trueModel.capacities).toContain(d.capacity);
        expect(d.trueModel.colours).toContain(d.colour);
        expect(Object.values(d.trueModel.networkModels)).toContain(d.network_model);
      }
      expect(d.id_monitor_end).toBe(isoDay(today + ID_MONITOR_DAYS));
      if (d.id_blacklist === 'yes') expect(d.activation_lock).toBe('yes');
      const country = SANDBOX_COUNTRIES.find((c) => c.name === d.sale_country);
      expect(country).toBeDefined();
      if (d.network_lock === 'yes') expect(country!.carriers).toContain(d.carrier);
      else expect(d.carrier).toBe(UNLOCKED_CARRIER);
    }
  });

  it('spreads warranty types by their weights', () => {
    const n = 10_000;
    const counts = new Map<WarrantyType, number>();
    for (const d of devices(n)) counts.set(d.warranty_type, (counts.get(d.warranty_type) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...WARRANTY_TYPES].sort());
    for (const [type, weight] of WARRANTY_WEIGHTS) {
      expect(Math.abs((counts.get(type) ?? 0) / n - weight / 100)).toBeLessThan(0.015);
    }
  });

  it('moves its dates with the clock', () => {
    const later = NOW + 10 * DAY_MS;
    const [a] = devices(1);
    const [b] = devices(1, later);
    expect(b!.id_monitor_end).toBe(isoDay(day(TODAY) + 10 + ID_MONITOR_DAYS));
    expect(b!.model).toBe(a!.model);
  });

  it('picks only models that existed on the clock day, even with a clock in the past', () => {
    for (const d of devices(200, Date.parse('2020-01-01T00:00:00Z'))) {
      expect(['iPhone 11', 'iPhone 11 Pro']).toContain(d.trueModel.name);
    }
  });

  it('derives Luhn-valid IMEIs from a serial and a serial from an IMEI', () => {
    for (let i = 0; i < 500; i++) {
      const bySn = sandboxDevice(fnv1a(`SN${i}`), { sn: `SN${i}`, imei: null }, NOW);
      expect(bySn.sn).toBe(`SN${i}`);
      for (const imei of [bySn.imei, bySn.imei2]) {
        expect(imei).toMatch(/^35\d{13}$/);
        expect(withLuhn(imei.slice(0, 14))).toBe(imei);
      }
      expect(bySn.imei2).not.toBe(bySn.imei);
      const imei = withLuhn(`3569${String(i).padStart(10, '0')}`);
      const byImei = sandboxDevice(fnv1a(imei), { sn: null, imei }, NOW);
      expect(byImei.imei).toBe(imei);
      expect(byImei.sn).toMatch(
        byImei.trueModel.randomSerial ? /^[0-9A-HJ-NP-Z]{10}$/ : /^[0-9A-HJ-NP-Z]{12}$/,
      );
    }
  });

  it('computes Luhn digits like the IMEI rule', () => {
    expect(withLuhn('49015420323751')).toBe('490154203237518'); // the textbook example
    expect(withLuhn('35391110000000')).toBe('353911100000000');
  });
});

describe('sandboxFacts', () => {
  it('covers every device field of the contract across the services', () => {
    const all = new Set(Object.values(SERVICE_FIELDS).flat());
    const expected = Object.keys(deviceResultRow.shape).filter(
      (k) =>
        !['id', 'input', 'status', 'jobs', 'updated_ms', 'tac_model', 'factory', 'manufactured'].includes(k),
    );
    expect([...all].sort()).toEqual(expected.sort());
    expect([...new Set(SERVICE_FIELDS.full_check)].sort()).toEqual(expected.sort());
  });

  it('marks GSX texts as sandbox data', () => {
    const [d] = devices(1);
    for (const service of ['gsx_text', 'gsx_image', 'full_check'] as const) {
      const text = sandboxFacts(service, d!).gsx_text!;
      expect(text.split('\n')[0]).toBe(SANDBOX_GSX_BANNER);
      expect(text).toContain(d!.sn);
    }
    expect(sandboxFacts('gsx_text', d!).gsx_text!.split('\n').length).toBeGreaterThan(20);
  });
});

describe('sandbox tables and hash', () => {
  it('lists models oldest first (the model pick relies on it), each complete', () => {
    const released = SANDBOX_MODELS.map((m) => m.released);
    expect([...released].sort()).toEqual(released);
    for (const m of SANDBOX_MODELS) {
      expect(m.capacities.length * m.colours.length).toBeGreaterThan(0);
      expect(Object.values(m.networkModels).every((a) => /^A\d{4}$/.test(a))).toBe(true);
    }
  });

  it('hashes with FNV-1a and draws uniformly', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(draw(fnv1a(`S${i}`), 7) * 10)]! += 1;
    for (const b of buckets) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });
});
