import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { RepairProgress } from '#contract/schemas/repairs.ts';
import { connectDb } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { canMove } from './modules/repairs/status-machine.ts';
import { seedDemoRepairs } from './seed-repairs.ts';
import { seedDemoShop } from './seed.ts';

it('seeds three batches of living demo devices whose timelines the status machine accepts', async () => {
  const { db, dialect } = connectDb(':memory:');
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>, dialect);
    await seedDemoShop(db);
    await seedDemoRepairs(db);
    expect((await db.selectFrom('repair_batches').select('id').execute()).length).toBe(3);
    const devices = await db
      .selectFrom('repair_devices')
      .select(['id', 'progress', 'no'])
      .orderBy('no')
      .execute();
    expect(devices.map((d) => d.no)).toEqual(devices.map((_, i) => i + 1));
    expect(new Set(devices.map((d) => d.progress)).size).toBeGreaterThan(3);
    const events = await db
      .selectFrom('repair_events')
      .select(['device_id', 'from_value', 'to_value'])
      .where('kind', '=', 'progress')
      .orderBy('id')
      .execute();
    for (const e of events)
      expect(
        canMove(e.from_value as RepairProgress | null, e.to_value as RepairProgress),
        JSON.stringify(e),
      ).toBe(true);
    expect((await db.selectFrom('monitors').select('id').execute()).length).toBeGreaterThan(0);
    // Every demo device belongs to a counter customer, one per phone.
    const linked = await db.selectFrom('repair_devices').select('customer_id').execute();
    expect(linked.every((d) => d.customer_id !== null)).toBe(true);
    const phones = await db.selectFrom('customer_phones').select('phone').execute();
    expect(phones.length).toBe((await db.selectFrom('customers').select('id').execute()).length);
  } finally {
    await db.destroy();
  }
});
