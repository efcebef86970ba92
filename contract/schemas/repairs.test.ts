import { describe, expect, it } from 'vitest';
import { BADGE_MOVES, LOGISTICS_BADGES, repairId, repairRefreshInput } from './repairs.ts';
import { splitIntakeLine } from './repairs-intake.ts';
import { MONITOR_CAPS, monitorCapOf, monitorWatchInput } from './repairs-monitors.ts';

describe('repairs schemas', () => {
  it('repair ids: one of A G R D N and 9 digits, upper-cased', () => {
    expect(repairId.parse(' r123456789 ')).toBe('R123456789');
    for (const bad of ['X123456789', 'R12345678', 'R1234567890', 'RR23456789', ''])
      expect(repairId.safeParse(bad).success, bad).toBe(false);
  });

  it('splits a pasted line into identifier, repair ids, phone and name', () => {
    expect(splitIntakeLine('F2LXK0ABHG7F\tR123456789,G12345 张 三 13812345678')).toEqual({
      ident: 'F2LXK0ABHG7F',
      repair_ids: ['R123456789', 'G12345'],
      customer_name: '张 三',
      customer_phone: '13812345678',
    });
    expect(splitIntakeLine('  ')).toEqual({
      ident: '',
      repair_ids: [],
      customer_name: '',
      customer_phone: '',
    });
  });

  it('badge moves never stay on the same badge and only name known badges', () => {
    for (const [from, to] of Object.entries(BADGE_MOVES)) {
      expect(to).not.toContain(from);
      for (const b of to) expect(LOGISTICS_BADGES).toContain(b);
    }
  });

  it('monitor caps per VIP level (decision 0014)', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(monitorCapOf)).toEqual([50, 100, 200, 300, 400, 10_000, 10_000]);
    expect(monitorCapOf(-1)).toBe(MONITOR_CAPS[0]);
  });

  it('refresh and watch take either devices or a batch', () => {
    expect(repairRefreshInput.safeParse({ device_ids: [1] }).success).toBe(true);
    expect(repairRefreshInput.safeParse({ batch_id: 1 }).success).toBe(true);
    expect(repairRefreshInput.safeParse({}).success).toBe(false);
    expect(monitorWatchInput.safeParse({ batch_id: 1, device_ids: [1] }).success).toBe(false);
  });
});

describe('repairs text hygiene', () => {
  it('refuses invisible characters in customer and batch text', async () => {
    const { repairDeviceEditInput, repairBatchCreateInput } = await import('./repairs.ts');
    const { intakeLine } = await import('./repairs-intake.ts');
    expect(repairDeviceEditInput.safeParse({ device_id: 1, customer_name: '张\u202e三' }).success).toBe(
      false,
    );
    expect(repairDeviceEditInput.safeParse({ device_id: 1, customer_note: '第一行\n第二行' }).success).toBe(
      true,
    );
    expect(repairBatchCreateInput.safeParse({ title: 'a\u200bb' }).success).toBe(false);
    expect(intakeLine.safeParse({ ident: 'x', customer_name: 'a\u0000' }).success).toBe(false);
  });
});
