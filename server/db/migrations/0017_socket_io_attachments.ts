import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './columns.ts';

// socket.io's PostgreSQL adapter (decision 0033) sends events between processes with NOTIFY; a
// payload over NOTIFY's 8,000 bytes goes through this table instead (its name and columns are the
// adapter's). SQLite runs one process: nothing to make.
export function socketIoAttachments(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE TABLE IF NOT EXISTS socket_io_attachments (
        id bigserial UNIQUE,
        created_at timestamptz DEFAULT NOW(),
        payload bytea
      )`.execute(db);
    },
  };
}
