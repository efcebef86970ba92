import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

/** Where this worker's e2e server wrote its database path (playwright.config.ts sets it per worker). */
export function serverInfoFile(): string {
  return process.env.E2E_SERVER_INFO ?? 'test-results/e2e-server.json';
}

/** The e2e server's SQLite database, opened read-only (scripts/e2e-server.ts writes where it is). */
export function openE2eDatabase(): DatabaseSync {
  const { database } = JSON.parse(readFileSync(serverInfoFile(), 'utf8')) as {
    database: string;
  };
  return new DatabaseSync(database, { readOnly: true });
}
