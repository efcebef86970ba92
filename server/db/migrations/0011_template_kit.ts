import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { idColumn, timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/**
 * The template kit (issue 14): todo items, surveys and chat messages of a shop, and the shop's
 * template-kit setting. Todo and survey ids are per shop (the highest id plus one, spec section 3),
 * so their key is (account_id, id); chat messages have a global id.
 */
export function templateKit(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tk_todos')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .addPrimaryKeyConstraint('tk_todos_pk', ['account_id', 'id'])
        .execute();

      await db.schema
        .createTable('tk_surveys')
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // JSON array of the question texts, in order.
        .addColumn('questions', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addPrimaryKeyConstraint('tk_surveys_pk', ['account_id', 'id'])
        .execute();

      await db.schema
        .createTable('tk_chat_messages')
        .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
        .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tk_chat_messages_pair')
        .on('tk_chat_messages')
        .columns(['account_id', 'from_user_id', 'to_user_id', 'id'])
        .execute();

      await db.schema
        .createTable('tk_settings')
        .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id'))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .execute();
    },
  };
}
