import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead.
/**
 * The wallet (issue 11, decision 0017): the packages on sale, their purchases with the device checks
 * left, recharge orders paid through a payment provider, and the audit trail of provider notifies.
 * The ledger learns which purchase or recharge an entry belongs to, and package checks (checks_delta);
 * unique indexes make the database itself refuse a second credit for one recharge or purchase.
 */
export function wallet(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Accounts that already had a VIP end (the demo shop) had the only level there was.
      await sql`UPDATE accounts SET vip_level = 1 WHERE vip_end_time > 0`.execute(db);

      await db.schema
        .alterTable('check_orders')
        .addColumn('package_checks', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .alterTable('ledger_entries')
        .addColumn('checks_delta', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('ledger_entries').addColumn('purchase_id', 'integer').execute();
      await db.schema.alterTable('ledger_entries').addColumn('recharge_id', 'integer').execute();
      // One recharge entry per recharge order, one purchase entry per purchase: the last line of
      // "credited exactly once", whatever the code above it does.
      await db.schema
        .createIndex('ledger_entries_recharge_once')
        .on('ledger_entries')
        .column('recharge_id')
        .unique()
        .where(sql.ref('recharge_id'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('ledger_entries_purchase_once')
        .on('ledger_entries')
        .column('purchase_id')
        .unique()
        .where(sql.ref('type'), '=', 'purchase')
        .execute();

      await db.schema
        .createTable('wallet_combos')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        // Points, hundredths.
        .addColumn('points', 'bigint', (c) => c.notNull())
        // Money, fen (shown beside the points).
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('vip_days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('check_quota', 'integer', (c) => c.notNull().defaultTo(0))
        // Days the checks stay usable after purchase; 0 = forever.
        .addColumn('check_days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('package_purchases')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('combo_id', 'integer', (c) => c.notNull())
        // The package as it was bought (later catalogue edits do not change a purchase).
        .addColumn('combo_name', 'text', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        .addColumn('vip_level', 'integer', (c) => c.notNull())
        .addColumn('vip_days', 'integer', (c) => c.notNull())
        .addColumn('check_quota', 'integer', (c) => c.notNull())
        .addColumn('check_left', 'integer', (c) => c.notNull())
        // Unix ms when unused checks lapse; 0 = never.
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('request_id', 'text')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addCheckConstraint('package_purchases_left_ok', sql`check_left >= 0 AND check_left <= check_quota`)
        .execute();
      await db.schema
        .createIndex('package_purchases_account_idx')
        .on('package_purchases')
        .columns(['account_id', 'id'])
        .execute();
      // A purchase's request_id is unique in its account even if the idempotency claim was lost.
      await db.schema
        .createIndex('package_purchases_request_once')
        .on('package_purchases')
        .columns(['account_id', 'request_id'])
        .unique()
        .where(sql.ref('request_id'), 'is not', null)
        .execute();

      await db.schema
        .createTable('recharge_orders')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('order_no', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        // Money asked, fen; points credited when paid, hundredths (rate fixed at creation).
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('points', 'bigint', (c) => c.notNull())
        // created | paid | closed | expired
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('qr_content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('trade_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('request_id', 'text')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('paid_at', timeColumn)
        .addColumn('closed_at', timeColumn)
        .addCheckConstraint('recharge_orders_amount_ok', sql`amount > 0 AND points >= 0`)
        .execute();
      await db.schema
        .createIndex('recharge_orders_account_idx')
        .on('recharge_orders')
        .columns(['account_id', 'id'])
        .execute();
      await db.schema
        .createIndex('recharge_orders_request_once')
        .on('recharge_orders')
        .columns(['account_id', 'request_id'])
        .unique()
        .where(sql.ref('request_id'), 'is not', null)
        .execute();

      // Every notify (and query result) the server acted on or refused, for audit and support.
      await db.schema
        .createTable('payment_events')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('trade_no', 'text', (c) => c.notNull().defaultTo(''))
        // applied | duplicate | bad_signature | amount_mismatch | account_mismatch | not_payable | unknown_order | not_paid
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_events_order_idx')
        .on('payment_events')
        .column('order_no')
        .execute();

      // The sandbox provider's own side (development and tests): what its payer did with each order.
      await db.schema
        .createTable('sandbox_payments')
        .addColumn('order_no', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        // pending | paid | failed | closed
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('trade_no', 'text', (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('paid_at', timeColumn)
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();

      for (const c of COMBOS) {
        await sql`INSERT INTO wallet_combos (name, description, points, price, vip_level, vip_days, check_quota, check_days, on_sale, sort)
          VALUES (${c.name}, ${c.description}, ${c.points}, ${c.price}, ${c.vip_level}, ${c.vip_days}, ${c.check_quota}, ${c.check_days}, 1, ${c.sort})`.execute(
          db,
        );
      }
    },
  };
}

/** The packages on sale at install time (an operator edits the table; purchases keep their copy). */
const COMBOS = [
  {
    name: 'VIP 月卡',
    description: 'VIP 1 级 30 天：设备监控上限 50 台',
    points: 30_00,
    price: 30_00,
    vip_level: 1,
    vip_days: 30,
    check_quota: 0,
    check_days: 0,
    sort: 1,
  },
  {
    name: 'VIP 季卡',
    description: 'VIP 1 级 90 天：设备监控上限 50 台',
    points: 80_00,
    price: 80_00,
    vip_level: 1,
    vip_days: 90,
    check_quota: 0,
    check_days: 0,
    sort: 2,
  },
  {
    name: 'VIP 高级年卡',
    description: 'VIP 2 级 365 天：设备监控上限 500 台',
    points: 298_00,
    price: 298_00,
    vip_level: 2,
    vip_days: 365,
    check_quota: 0,
    check_days: 0,
    sort: 3,
  },
  {
    name: '查询包 100 台',
    description: '100 台设备的查询，下单时先于积分使用，180 天内有效',
    points: 60_00,
    price: 60_00,
    vip_level: 0,
    vip_days: 0,
    check_quota: 100,
    check_days: 180,
    sort: 4,
  },
  {
    name: '查询包 500 台',
    description: '500 台设备的查询，下单时先于积分使用，365 天内有效',
    points: 250_00,
    price: 250_00,
    vip_level: 0,
    vip_days: 0,
    check_quota: 500,
    check_days: 365,
    sort: 5,
  },
  {
    name: 'VIP 月卡 + 查询 50 台',
    description: 'VIP 1 级 30 天，另含 50 台设备的查询（90 天内有效）',
    points: 55_00,
    price: 55_00,
    vip_level: 1,
    vip_days: 30,
    check_quota: 50,
    check_days: 90,
    sort: 6,
  },
] as const;
