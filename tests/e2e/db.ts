import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

/** The e2e server's SQLite database, opened read-only (scripts/e2e-server.ts writes where it is). */
export function openE2eDatabase(): DatabaseSync {
  const { database } = JSON.parse(readFileSync('test-results/e2e-server.json', 'utf8')) as {
    database: string;
  };
  return new DatabaseSync(database, { readOnly: true });
}
