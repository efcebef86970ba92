// The server the end-to-end tests run against: the built PWA, a fresh SQLite database seeded with
// the demo shop, and the documented test setting that makes the slider puzzle's answer known
// (REPAIROPS_TEST_PUZZLE_X, refused in production).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PUZZLE_X = 150;
/** Where the database path is written (the Lighthouse and bench scripts name their own file). */
const E2E_SERVER_INFO = process.env.E2E_SERVER_INFO ?? 'test-results/e2e-server.json';

process.env.DATABASE_URL = join(mkdtempSync(join(tmpdir(), 'repairops-e2e-')), 'e2e.sqlite');
// Tests that check what reached the database open it read-only (tests/e2e/db.ts).
mkdirSync('test-results', { recursive: true });
writeFileSync(E2E_SERVER_INFO, JSON.stringify({ database: process.env.DATABASE_URL }));
process.env.REPAIROPS_TEST_PUZZLE_X = String(E2E_PUZZLE_X);
process.env.LOG_LEVEL ??= 'warn';
process.env.STATIC_DIR ??= 'dist';

const { main } = await import('#server/index.ts');
await main();
