import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';

// A ws code belongs to the session that asked for it (decision 0024): when that session ends (quit,
// disabled, password reset or changed) its codes no longer open sockets. Codes of older rows (null)
// are refused; they live 10 minutes anyway.
export function wsCodeSessions(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('ws_auth_codes').addColumn('session_hash', 'text').execute();
    },
  };
}
