import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * The shop counter (issue 26, decision 0047): customers and their phones, repair tickets with their
 * devices, quote lines, events and money (in fen, a ledger of its own), the per-shop ticket number,
 * and the messages sent to customers. Tracked devices get a `customer_id`, filled from the
 * customer fields typed into them so far (same phone = same customer).
 */
export function counter(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('customers')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        // Lower-cased name: the search's prefix index (names are matched without case).
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('wechat_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        // JSON array of tags.
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        // The language of the messages the customer gets: zh, en or es.
        .addColumn('lang', 'text', (c) => c.notNull().defaultTo('zh'))
        .addColumn('sms_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
        // A customer merged into another: links to it open the kept one.
        .addColumn('merged_into', 'integer')
        .addColumn('created_by', 'integer')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('customers_account_name_idx')
        .on('customers')
        .columns(['account_id', 'name_key'])
        .execute();
      await db.schema
        .createIndex('customers_account_updated_idx')
        .on('customers')
        .columns(['account_id', 'updated_at', 'id'])
        .execute();

      await db.schema
        .createTable('customer_phones')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        // Digits only (a leading + kept), as typed otherwise.
        .addColumn('phone', 'text', (c) => c.notNull())
        // The last four digits, for "the customer ending 3344".
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Same phone = same customer, within a shop.
      await db.schema
        .createIndex('customer_phones_account_phone_uq')
        .on('customer_phones')
        .columns(['account_id', 'phone'])
        .unique()
        .execute();
      await db.schema
        .createIndex('customer_phones_account_last4_idx')
        .on('customer_phones')
        .columns(['account_id', 'last4'])
        .execute();
      await db.schema
        .createIndex('customer_phones_customer_idx')
        .on('customer_phones')
        .columns(['customer_id'])
        .execute();

      await db.schema
        .createTable('ticket_counters')
        .addColumn('account_id', 'integer', (c) => c.primaryKey())
        .addColumn('last_no', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('tickets')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('no', 'integer', (c) => c.notNull())
        // The number as printed, formatted once at creation by the shop's format.
        .addColumn('no_text', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('fault', 'text', (c) => c.notNull().defaultTo(''))
        // JSON object of the intake checklist (fixed keys, contract/counter).
        .addColumn('condition', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('technician_id', 'integer')
        .addColumn('promised_at', timeColumn)
        .addColumn('warranty_days', 'integer', (c) => c.notNull().defaultTo(0))
        // A warranty return's first ticket.
        .addColumn('warranty_of', 'integer')
        // Approved quote total, and money held (paid less refunded), fen; kept with each write.
        .addColumn('due_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded_fen', 'bigint', (c) => c.notNull().defaultTo(0))
        // Optimistic concurrency: every write names the version it read.
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .addColumn('closed_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('tickets_account_no_uq')
        .on('tickets')
        .columns(['account_id', 'no'])
        .unique()
        .execute();
      await db.schema
        .createIndex('tickets_account_no_text_idx')
        .on('tickets')
        .columns(['account_id', 'no_text'])
        .execute();
      // The list's orders: newest first, by status, by technician (scripts/bench/counter-search.ts).
      await db.schema
        .createIndex('tickets_account_created_idx')
        .on('tickets')
        .columns(['account_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('tickets_account_status_idx')
        .on('tickets')
        .columns(['account_id', 'status', 'created_at'])
        .execute();
      // Past their promised date: an index-only count per open status.
      await db.schema
        .createIndex('tickets_account_status_promised_idx')
        .on('tickets')
        .columns(['account_id', 'status', 'promised_at'])
        .execute();
      await db.schema
        .createIndex('tickets_account_technician_idx')
        .on('tickets')
        .columns(['account_id', 'technician_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('tickets_customer_idx')
        .on('tickets')
        .columns(['customer_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('ticket_devices')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
        .addColumn('ident', 'text', (c) => c.notNull())
        .addColumn('sn', 'text')
        .addColumn('imei', 'text')
        .addColumn('model', 'text')
        // The tracked device of repair progress management, once sent to Apple.
        .addColumn('repair_device_id', 'integer')
        .execute();
      await db.schema
        .createIndex('ticket_devices_account_ident_idx')
        .on('ticket_devices')
        .columns(['account_id', 'ident'])
        .execute();
      await db.schema
        .createIndex('ticket_devices_ticket_idx')
        .on('ticket_devices')
        .columns(['ticket_id'])
        .execute();

      await db.schema
        .createTable('ticket_lines')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
        // part or labour
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('unit_fen', 'bigint', (c) => c.notNull())
        // proposed, approved or declined
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ticket_lines_ticket_idx')
        .on('ticket_lines')
        .columns(['ticket_id'])
        .execute();

      await db.schema
        .createTable('ticket_events')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
        // status, note, quote, money, message
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('by_user', 'integer')
        .addColumn('at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ticket_events_ticket_idx')
        .on('ticket_events')
        .columns(['ticket_id', 'id'])
        .execute();

      await db.schema
        .createTable('ticket_payments')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
        // deposit, payment, refund or void
        .addColumn('kind', 'text', (c) => c.notNull())
        // cash, wechat, alipay or card
        .addColumn('method', 'text', (c) => c.notNull())
        // Positive; the kind says the direction.
        .addColumn('amount_fen', 'bigint', (c) => c.notNull())
        .addColumn('voids', 'integer')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('by_user', 'integer', (c) => c.notNull())
        .addColumn('at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ticket_payments_ticket_idx')
        .on('ticket_payments')
        .columns(['ticket_id', 'id'])
        .execute();
      // A payment is voided once.
      await db.schema
        .createIndex('ticket_payments_voids_uq')
        .on('ticket_payments')
        .columns(['voids'])
        .unique()
        .where('voids', 'is not', null)
        .execute();
      await db.schema
        .createIndex('ticket_payments_account_at_idx')
        .on('ticket_payments')
        .columns(['account_id', 'at'])
        .execute();

      await db.schema
        .createTable('customer_messages')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('ticket_id', 'integer')
        // The status change that sent it (quote ready, ready for pickup, sent to Apple, back from Apple).
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        // queued, sent, failed or skipped (opted out, no phone)
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_until', timeColumn)
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('sent_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('customer_messages_customer_idx')
        .on('customer_messages')
        .columns(['customer_id', 'id'])
        .execute();
      await db.schema
        .createIndex('customer_messages_state_idx')
        .on('customer_messages')
        .columns(['state', 'lease_until'])
        .execute();

      await db.schema.alterTable('repair_devices').addColumn('customer_id', 'integer').execute();
      await db.schema
        .createIndex('repair_devices_customer_idx')
        .on('repair_devices')
        .columns(['customer_id'])
        .execute();
      await customersFromTrackedDevices(db as Kysely<TrackedDeviceTables>);
    },
  };
}

interface TrackedDeviceTables {
  repair_devices: {
    id: number;
    account_id: number;
    customer_name: string;
    customer_phone: string;
    customer_note: string;
    customer_id: number | null;
    created_at: number;
  };
  customers: {
    id?: number;
    account_id: number;
    name: string;
    name_key: string;
    note: string;
    created_at: number;
    updated_at: number;
  };
  customer_phones: {
    account_id: number;
    customer_id: number;
    phone: string;
    last4: string;
    position: number;
  };
}

/** Digits of a phone as typed (a leading + kept): the same number typed twice matches. */
export function normalisePhone(typed: string): string {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  return trimmed.startsWith('+') && digits ? `+${digits}` : digits;
}

/**
 * Today's tracked devices carry a typed customer name and phone: each phone becomes one customer of
 * its shop (the newest name typed for it), and a device with a name and no phone a customer of its own.
 * Devices already linked are left alone. The demo seed runs it too (server/seed-repairs.ts).
 */
export async function customersFromTrackedDevices(db: Kysely<TrackedDeviceTables>): Promise<void> {
  const devices = await db
    .selectFrom('repair_devices')
    .select(['id', 'account_id', 'customer_name', 'customer_phone', 'customer_note', 'created_at'])
    .where('customer_id', 'is', null)
    .where((eb) => eb.or([eb('customer_name', '!=', ''), eb('customer_phone', '!=', '')]))
    .orderBy('id', 'desc')
    .execute();
  const byPhone = new Map<string, number>();
  for (const d of devices) {
    const phone = normalisePhone(d.customer_phone);
    const key = `${d.account_id}:${phone}`;
    let customerId = phone ? byPhone.get(key) : undefined;
    if (customerId === undefined) {
      const name = d.customer_name.trim() || phone;
      const row = await db
        .insertInto('customers')
        .values({
          account_id: d.account_id,
          name,
          name_key: name.toLowerCase(),
          note: d.customer_note,
          created_at: d.created_at,
          updated_at: d.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      customerId = row.id as number;
      if (phone) {
        byPhone.set(key, customerId);
        await db
          .insertInto('customer_phones')
          .values({
            account_id: d.account_id,
            customer_id: customerId,
            phone,
            last4: phone.slice(-4),
            position: 0,
          })
          .execute();
      }
    }
    await db.updateTable('repair_devices').set({ customer_id: customerId }).where('id', '=', d.id).execute();
  }
}
