// The server the end-to-end tests run against: the built PWA, a fresh SQLite database seeded with
// the demo shop, and the documented test setting that makes the slider puzzle's answer known
// (REPAIROPS_TEST_PUZZLE_X, refused in production).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PUZZLE_X = 150;

process.env.DATABASE_URL = join(mkdtempSync(join(tmpdir(), 'repairops-e2e-')), 'e2e.sqlite');
process.env.REPAIROPS_TEST_PUZZLE_X = String(E2E_PUZZLE_X);
process.env.LOG_LEVEL ??= 'warn';
process.env.STATIC_DIR ??= 'dist';

const { main } = await import('#server/index.ts');
await main();
