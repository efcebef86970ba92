import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/** SMS codes (hashed, single use, limited tries), the sandbox SMS outbox, and lookups for the team. */
export function accountsTeamSms(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sms_codes')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        // The signed-in user who asked for it (edit_password, binding_phone); null for signed-out purposes.
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('used_at', timeColumn)
        .execute();
      await db.schema
        .createIndex('sms_codes_phone_purpose_idx')
        .on('sms_codes')
        .columns(['phone', 'purpose', 'created_at'])
        .execute();
      await db.schema.createIndex('sms_codes_expires_idx').on('sms_codes').column('expires_at').execute();

      await db.schema
        .createTable('sms_outbox')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();

      await db.schema.createIndex('users_phone_idx').on('users').column('phone_number').execute();
      await db.schema
        .createIndex('users_account_created_idx')
        .on('users')
        .columns(['account_id', 'created_at'])
        .execute();
    },
  };
}
