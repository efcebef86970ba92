import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * Repair progress management (issue 10, decisions 0014-0015): batches of tracked devices, their
 * repair ids, progress events, paid refreshes and their durable jobs, monitors (repair devices and
 * the check services that promise watching), notifications with per-employee read state, the
 * scheduler's lease, the shop's repair settings, and the ledger's link to repair jobs.
 */
export function repairs(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('repair_batches')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('deleted_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('repair_batches_account_idx')
        .on('repair_batches')
        .columns(['account_id', 'deleted_at', 'id'])
        .execute();

      // The running number of each account's tracked devices (one row per account, updated in the
      // intake's transaction: two intakes never get the same number).
      await db.schema
        .createTable('repair_counters')
        .addColumn('account_id', 'integer', (c) => c.primaryKey())
        .addColumn('last_no', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('repair_devices')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('repair_batches.id'))
        .addColumn('no', 'integer', (c) => c.notNull())
        // The normalised identifier it was taken in by (unique within its batch).
        .addColumn('ident', 'text', (c) => c.notNull())
        .addColumn('sn', 'text')
        .addColumn('imei', 'text')
        // JSON array of repair ids, oldest first; the last is followed.
        .addColumn('repair_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        // When the last repair id was added (the sandbox's repair starts then).
        .addColumn('repair_since_ms', timeColumn)
        .addColumn('new_sn', 'text')
        .addColumn('new_imei', 'text')
        .addColumn('model', 'text')
        .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('customer_phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('customer_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('courier_in', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('return_tracking', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('return_logistics', 'text')
        .addColumn('warranty_type', 'text')
        .addColumn('warranty_end', 'text')
        .addColumn('purchase_date', 'text')
        .addColumn('purchase_price', 'bigint')
        .addColumn('sale_price', 'bigint')
        .addColumn('badge', 'text', (c) => c.notNull())
        .addColumn('eligibility', 'text')
        .addColumn('progress', 'text')
        .addColumn('quote_deadline', 'bigint')
        .addColumn('quote_amount', 'bigint')
        // ms of the last status change (eligibility, progress, return logistics); 0 never.
        .addColumn('changed_at', timeColumn, (c) => c.notNull().defaultTo(0))
        .addColumn('refreshed_at', timeColumn, (c) => c.notNull().defaultTo(0))
        .addColumn('refresh_state', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('refresh_error', 'text')
        .addColumn('watched', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sandbox', 'integer', (c) => c.notNull().defaultTo(0))
        // SHA-256 of the customer link's token; null when none or revoked.
        .addColumn('link_hash', 'text')
        .addColumn('source_check_order_id', 'integer')
        .addColumn('source_check_device_id', 'integer')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('updated_ms', timeColumn, (c) => c.notNull())
        .addColumn('deleted_at', timeColumn)
        .execute();
      const idx = (name: string, columns: string[], unique = false) => {
        let q = db.schema.createIndex(name).on('repair_devices').columns(columns);
        if (unique) q = q.unique();
        return q.execute();
      };
      // The list: newest first within the account (or batch), and its filters; deleted_at comes
      // second so a filter's count is answered from the index alone.
      await idx('repair_devices_account_idx', ['account_id', 'deleted_at', 'id']);
      await idx('repair_devices_batch_idx', ['batch_id', 'deleted_at', 'id']);
      // Today's changes with the other filters answered from the index alone (no row lookups).
      await idx('repair_devices_changed_idx', [
        'account_id',
        'deleted_at',
        'changed_at',
        'progress',
        'badge',
        'eligibility',
        'watched',
      ]);
      await idx('repair_devices_progress_idx', ['account_id', 'deleted_at', 'progress']);
      await idx('repair_devices_eligibility_idx', ['account_id', 'deleted_at', 'eligibility']);
      await idx('repair_devices_badge_idx', ['account_id', 'deleted_at', 'badge']);
      await idx('repair_devices_watched_idx', ['account_id', 'deleted_at', 'watched']);
      // Searches: exact identifiers, and customer phone / name by their beginning.
      await idx('repair_devices_sn_idx', ['account_id', 'sn']);
      await idx('repair_devices_imei_idx', ['account_id', 'imei']);
      await idx('repair_devices_new_sn_idx', ['account_id', 'new_sn']);
      await idx('repair_devices_new_imei_idx', ['account_id', 'new_imei']);
      await idx('repair_devices_phone_idx', ['account_id', 'customer_phone']);
      await idx('repair_devices_name_idx', ['account_id', 'customer_name']);
      await idx('repair_devices_no_idx', ['account_id', 'no'], true);
      await idx('repair_devices_link_idx', ['link_hash']);

      // Every repair id of every device, for the exact search by repair id.
      await db.schema
        .createTable('repair_device_ids')
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('repair_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('repair_device_ids_idx')
        .on('repair_device_ids')
        .columns(['account_id', 'repair_id'])
        .execute();
      await db.schema
        .createIndex('repair_device_ids_device_idx')
        .on('repair_device_ids')
        .column('device_id')
        .execute();

      await db.schema
        .createTable('repair_events')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_value', 'text')
        .addColumn('to_value', 'text')
        .addColumn('repair_id', 'text')
        .addColumn('actor_user_id', 'integer')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('repair_events_device_idx')
        .on('repair_events')
        .columns(['device_id', 'id'])
        .execute();
      await db.schema
        .createIndex('repair_events_account_idx')
        .on('repair_events')
        .columns(['account_id', 'created_at'])
        .execute();

      // A paid refresh of some devices: what was frozen and how far it got.
      await db.schema
        .createTable('repair_refreshes')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('settled', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();

      // One durable job per device of a refresh (decision 0015: same lease/ticket/once rules as
      // check jobs, decision 0011).
      await db.schema
        .createTable('repair_jobs')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('refresh_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('run_after_ms', timeColumn, (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until_ms', timeColumn)
        .addColumn('ticket', 'text')
        .addColumn('error', 'text')
        .addColumn('share', 'bigint', (c) => c.notNull())
        .addColumn('cost', 'bigint')
        .addColumn('settled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('finished_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('repair_jobs_claim_idx')
        .on('repair_jobs')
        .columns(['state', 'run_after_ms'])
        .execute();
      await db.schema
        .createIndex('repair_jobs_lease_idx')
        .on('repair_jobs')
        .columns(['state', 'lease_until_ms'])
        .execute();
      await db.schema
        .createIndex('repair_jobs_device_idx')
        .on('repair_jobs')
        .columns(['device_id', 'state'])
        .execute();

      // The ledger's link to repair jobs: at most one settle or refund per repair job.
      await db.schema.alterTable('ledger_entries').addColumn('repair_job_id', 'integer').execute();
      await db.schema.alterTable('ledger_entries').addColumn('repair_refresh_id', 'integer').execute();
      await db.schema
        .createIndex('ledger_entries_repair_job_idx')
        .on('ledger_entries')
        .column('repair_job_id')
        .unique()
        .where(sql.ref('repair_job_id'), 'is not', null)
        .execute();

      await db.schema
        .createTable('monitors')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        // repair | id_lock | network_lock
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('device_id', 'integer')
        .addColumn('check_device_id', 'integer')
        .addColumn('ident', 'text', (c) => c.notNull())
        .addColumn('last_value', 'text')
        .addColumn('last_checked_at', timeColumn, (c) => c.notNull().defaultTo(0))
        .addColumn('next_check_at', timeColumn, (c) => c.notNull())
        // 0: until unwatched; else the monitor stops by itself then (the 15-day ID-lock monitor).
        .addColumn('ends_at', timeColumn, (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('monitors_due_idx')
        .on('monitors')
        .columns(['active', 'next_check_at'])
        .execute();
      await db.schema
        .createIndex('monitors_account_idx')
        .on('monitors')
        .columns(['account_id', 'active'])
        .execute();
      await db.schema.createIndex('monitors_device_idx').on('monitors').column('device_id').execute();
      await db.schema
        .createIndex('monitors_check_device_idx')
        .on('monitors')
        .columns(['check_device_id', 'kind'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('device_id', 'integer')
        .addColumn('check_device_id', 'integer')
        .addColumn('ident', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('from_value', 'text')
        .addColumn('to_value', 'text')
        .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_account_idx')
        .on('notifications')
        .columns(['account_id', 'id'])
        .execute();
      await db.schema
        .createTable('notification_reads')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('notification_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
        .execute();

      // Named leases: a periodic task runs in one process at a time (the monitor scheduler).
      await db.schema
        .createTable('scheduler_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('until_ms', timeColumn, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('repair_settings')
        .addColumn('account_id', 'integer', (c) => c.primaryKey())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_address', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
