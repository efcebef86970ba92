import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/** The user's email, given at sign-up (register); '' for the users created before it or by an Admin. */
export function userEmail(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
