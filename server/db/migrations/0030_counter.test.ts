import { describe, expect, it } from 'vitest';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { customersFromTrackedDevices, normalisePhone } from './0030_counter.ts';

async function shopWithTrackedDevices(devices: Array<[string, string, string]>) {
  const { db, dialect } = connectDb(':memory:');
  await migrateToLatest(db as never, dialect);
  const account = await db
    .insertInto('accounts')
    .values({ name: 'shop', vip_end_time: 0, vip_level: 0, integral: 0, created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await db
    .insertInto('repair_batches')
    .values({ account_id: account.id, title: 'b', created_by: 1, created_at: 1, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  let no = 0;
  for (const [name, phone, note] of devices) {
    no += 1;
    await db
      .insertInto('repair_devices')
      .values({
        account_id: account.id,
        batch_id: batch.id,
        no,
        ident: `IDENT${no}`,
        sn: null,
        imei: null,
        repair_since_ms: null,
        new_sn: null,
        new_imei: null,
        model: null,
        customer_name: name,
        customer_phone: phone,
        customer_note: note,
        return_logistics: null,
        warranty_type: null,
        warranty_end: null,
        purchase_date: null,
        purchase_price: null,
        sale_price: null,
        badge: 'to_receive',
        eligibility: null,
        progress: null,
        quote_deadline: null,
        quote_amount: null,
        created_at: no,
        updated_ms: no,
        deleted_at: null,
      } as never)
      .execute();
  }
  return { db, accountId: account.id };
}

describe('migration 0030: customers from tracked devices', () => {
  it('makes one customer per phone (the newest name typed), one per name without phone, none for blanks', async () => {
    const { db } = await shopWithTrackedDevices([
      ['张三', '139 1234 5678', 'first visit'],
      ['张三丰', '13912345678', ''],
      ['李四', '', 'walk-in'],
      ['', '', ''],
      ['', '+86 138-0000-1111', ''],
    ]);
    await customersFromTrackedDevices(db as never);
    const customers = await db.selectFrom('customers').select(['id', 'name', 'note']).orderBy('id').execute();
    expect(customers.map((c) => c.name).sort()).toEqual(['+8613800001111', '张三丰', '李四']);
    const phones = await db.selectFrom('customer_phones').select(['phone', 'last4', 'customer_id']).execute();
    expect(phones.map((p) => [p.phone, p.last4]).sort()).toEqual([
      ['+8613800001111', '1111'],
      ['13912345678', '5678'],
    ]);
    const devices = await db
      .selectFrom('repair_devices')
      .select(['no', 'customer_id'])
      .orderBy('no')
      .execute();
    const zhang = customers.find((c) => c.name === '张三丰')?.id;
    expect(devices.map((d) => d.customer_id)).toEqual([
      zhang,
      zhang,
      customers.find((c) => c.name === '李四')?.id,
      null,
      customers.find((c) => c.name === '+8613800001111')?.id,
    ]);
    await db.destroy();
  });

  it('normalises a phone to its digits, keeping a leading +', () => {
    expect(normalisePhone(' 139-1234 5678 ')).toBe('13912345678');
    expect(normalisePhone('+86 (139) 1234')).toBe('+861391234');
    expect(normalisePhone('n/a')).toBe('');
  });
});
