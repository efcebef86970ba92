import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * Device checks (issue 5): the service catalogue, check orders with their devices and jobs, the
 * points ledger, and the account's frozen points. The catalogue's rows are data every installation
 * needs, so they are inserted here (the demo seed only flags one service under maintenance).
 */
export function checks(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('service_groups')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('check_services')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('group_id', 'integer', (c) => c.notNull().references('service_groups.id'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        // Points per device, hundredths.
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('maintenance', 'integer', (c) => c.notNull().defaultTo(0))
        // JSON array of service codes that run first on the same device.
        .addColumn('depends_on', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('fresh_hours', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('check_orders')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        // JSON array of {id, code, price} as ordered (prices frozen at order time).
        .addColumn('services', 'text', (c) => c.notNull())
        .addColumn('devices', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('jobs_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('jobs_success', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('jobs_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('settled', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('deleted_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('check_orders_account_idx')
        .on('check_orders')
        .columns(['account_id', 'deleted_at', 'id'])
        .execute();

      const tri = (name: string) => (t: ReturnType<typeof db.schema.createTable>) =>
        t.addColumn(name, 'text', (c) => c.notNull().defaultTo('unknown'));
      let devices = db.schema
        .createTable('check_devices')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('check_orders.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        // The normalised identifier the device was ordered by (unique within its order).
        .addColumn('ident', 'text', (c) => c.notNull())
        .addColumn('sn', 'text')
        .addColumn('imei', 'text')
        .addColumn('imei2', 'text')
        .addColumn('tac_model', 'text')
        .addColumn('factory', 'text')
        .addColumn('manufactured', 'text')
        .addColumn('model', 'text')
        .addColumn('capacity', 'text')
        .addColumn('colour', 'text')
        .addColumn('network_model', 'text')
        .addColumn('warranty_type', 'text')
        .addColumn('purchase_date', 'text')
        .addColumn('warranty_end', 'text')
        .addColumn('warranty_days_left', 'integer')
        .addColumn('id_monitor_end', 'text')
        .addColumn('carrier', 'text')
        .addColumn('carrier_country', 'text')
        .addColumn('sale_country', 'text')
        .addColumn('gsx_text', 'text');
      for (const name of [
        'replaced',
        'phone_support',
        'purchase_verified',
        'loaner',
        'activated',
        'activation_lock',
        'id_blacklist',
        'network_lock',
        'in_repair',
        'mdm_lock',
      ])
        devices = tri(name)(devices);
      await devices
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('jobs_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('jobs_success', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('jobs_failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_ms', timeColumn, (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('check_devices_order_idx')
        .on('check_devices')
        .columns(['order_id', 'updated_ms'])
        .execute();
      await db.schema
        .createIndex('check_devices_order_ident_idx')
        .on('check_devices')
        .columns(['order_id', 'ident'])
        .unique()
        .execute();
      await db.schema
        .createIndex('check_devices_account_sn_idx')
        .on('check_devices')
        .columns(['account_id', 'sn'])
        .execute();
      await db.schema
        .createIndex('check_devices_account_imei_idx')
        .on('check_devices')
        .columns(['account_id', 'imei'])
        .execute();

      await db.schema
        .createTable('check_jobs')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull().references('check_devices.id'))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('service', 'text', (c) => c.notNull())
        // pending | running | success | failed
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // Not runnable before; a job waiting on its dependency holds a far-future value.
        .addColumn('run_after_ms', timeColumn, (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until_ms', timeColumn)
        // The provider's ticket once submitted: a resumed job polls it instead of paying again.
        .addColumn('ticket', 'text')
        .addColumn('depends_on_job_id', 'integer')
        .addColumn('error', 'text')
        .addColumn('provider', 'text')
        .addColumn('sandbox', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reused', 'integer', (c) => c.notNull().defaultTo(0))
        // The part of the frozen price this job settles or refunds, hundredths.
        .addColumn('share', 'bigint', (c) => c.notNull())
        // What the provider charged us, hundredths (accounting only).
        .addColumn('cost', 'bigint')
        // JSON of the facts this job answered (copied when a later job reuses them).
        .addColumn('facts', 'text')
        // 1 once its share was settled or refunded: the ledger entry exists.
        .addColumn('settled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('finished_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('check_jobs_claim_idx')
        .on('check_jobs')
        .columns(['state', 'run_after_ms'])
        .execute();
      await db.schema
        .createIndex('check_jobs_lease_idx')
        .on('check_jobs')
        .columns(['state', 'lease_until_ms'])
        .execute();
      await db.schema.createIndex('check_jobs_order_idx').on('check_jobs').column('order_id').execute();
      await db.schema
        .createIndex('check_jobs_device_idx')
        .on('check_jobs')
        .columns(['device_id', 'service'])
        .execute();
      await db.schema
        .createIndex('check_jobs_depends_idx')
        .on('check_jobs')
        .column('depends_on_job_id')
        .execute();

      await db.schema
        .createTable('ledger_entries')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('balance_delta', 'bigint', (c) => c.notNull())
        .addColumn('frozen_delta', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('job_id', 'integer')
        .addColumn('actor_user_id', 'integer')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ledger_entries_account_idx')
        .on('ledger_entries')
        .columns(['account_id', 'id'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_order_idx')
        .on('ledger_entries')
        .column('order_id')
        .execute();
      // At most one settle or refund per job: a second one is refused by the database itself.
      await db.schema
        .createIndex('ledger_entries_job_idx')
        .on('ledger_entries')
        .column('job_id')
        .unique()
        .where(sql.ref('job_id'), 'is not', null)
        .execute();

      // Points the accounts already hold get their opening entry, so entries sum to balance + frozen.
      await sql`INSERT INTO ledger_entries (account_id, type, balance_delta, frozen_delta, balance_after, created_at)
        SELECT id, 'opening', integral, 0, integral, created_at FROM accounts WHERE integral <> 0`.execute(
        db,
      );

      await insertCatalogue(db);
    },
  };
}

/** The catalogue of domain.md "Product 1" (codes of contract/schemas/checks-catalogue.ts). */
const GROUPS = [
  { code: 'basic', name: '基础查询', sort: 1 },
  { code: 'locks', name: '锁与黑名单', sort: 2 },
  { code: 'network', name: '网络与运营商', sort: 3 },
  { code: 'gsx', name: 'GSX 与销售国家', sort: 4 },
  { code: 'bundle', name: '全面检测', sort: 5 },
] as const;

// Prices in hundredths of a point; fresh_hours per decision 0012 (0 = never reused).
const SERVICES = [
  [
    'basic',
    'warranty',
    '保修查询',
    '保修类型、购买日期、保修到期与剩余天数、是否换机、电话支持、激活状态',
    50,
    [],
    24,
    1,
  ],
  ['basic', 'sn_to_imei', '序列号转 IMEI', '由序列号查出 IMEI 与 IMEI2', 30, [], 87_600, 2],
  ['basic', 'in_repair', '维修状态', '设备当前是否在 Apple 维修中', 40, [], 6, 3],
  ['locks', 'activation_lock', '激活锁查询', '查找我的 iPhone（激活锁）是否开启', 30, [], 1, 1],
  ['locks', 'id_blacklist', 'ID 黑名单', 'Apple ID 是否被列入黑名单（丢失/被盗）', 40, [], 6, 2],
  ['locks', 'id_monitor', 'ID 锁监控（15 天）', '15 天内监控 ID 锁状态的变化', 200, [], 0, 3],
  ['locks', 'mdm_lock', 'MDM 锁查询', '设备是否受企业 MDM 管理锁定', 100, [], 24, 4],
  ['network', 'network_lock', '网络锁查询', '设备是否有运营商网络锁（有锁/无锁）', 60, [], 24, 1],
  ['network', 'carrier', '运营商查询', '锁定的运营商及其国家', 80, [], 24, 2],
  ['network', 'network_lock_monitor', '网络锁监控', '监控网络锁状态的变化', 150, [], 0, 3],
  ['gsx', 'sale_country', '销售国家', '设备的销售国家（需先查保修）', 100, ['warranty'], 720, 1],
  ['gsx', 'gsx_text', 'GSX 文字报告', 'GSX 完整文字报告（需先查保修）', 300, ['warranty'], 720, 2],
  ['gsx', 'gsx_image', 'GSX 图片报告', 'GSX 报告截图（需先查保修）', 500, ['warranty'], 720, 3],
  [
    'bundle',
    'full_check',
    '全面检测',
    '一次查询全部字段：保修、锁、网络、运营商、销售国家、维修、MDM',
    800,
    [],
    1,
    1,
  ],
] as const;

async function insertCatalogue(db: Kysely<unknown>): Promise<void> {
  for (const g of GROUPS) {
    await sql`INSERT INTO service_groups (code, name, sort) VALUES (${g.code}, ${g.name}, ${g.sort})`.execute(
      db,
    );
  }
  for (const [group, code, name, description, price, dependsOn, freshHours, sort] of SERVICES) {
    await sql`INSERT INTO check_services (group_id, code, name, description, price, maintenance, depends_on, fresh_hours, sort)
      VALUES ((SELECT id FROM service_groups WHERE code = ${group}), ${code}, ${name}, ${description}, ${price}, 0,
        ${JSON.stringify(dependsOn)}, ${freshHours}, ${sort})`.execute(db);
  }
}
