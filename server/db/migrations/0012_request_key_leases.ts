import type { Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { timeColumn } from './columns.ts';

// Idempotency keys that survive a crash (docs/decisions/0024-idempotency-and-abuse-limits.md): the
// call's fingerprint (a reused key with other parameters is refused), and a short lease (holder token
// + expiry) that a retry takes over once the holder is gone. Shipped migrations are never edited.
export function requestKeyLeases(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('request_keys').addColumn('fingerprint', 'text').execute();
      await db.schema.alterTable('request_keys').addColumn('lock_token', 'text').execute();
      await db.schema.alterTable('request_keys').addColumn('locked_until', timeColumn).execute();
    },
  };
}
