// The server the end-to-end tests run against: the built PWA, a fresh SQLite database seeded with
// the demo shop, and the documented test setting that makes the slider puzzle's answer known
// (REPAIROPS_TEST_PUZZLE_X, refused in production).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PUZZLE_X = 150;
/** Where the database path is written (the Lighthouse and bench scripts name their own file). */
const E2E_SERVER_INFO = process.env.E2E_SERVER_INFO ?? 'test-results/e2e-server.json';

const runDir = mkdtempSync(join(tmpdir(), 'repairops-e2e-'));
process.env.DATABASE_URL = join(runDir, 'e2e.sqlite');
// Excel exports of the run go with its database, not into the working copy's data/.
process.env.EXPORTS_DIR ??= join(runDir, 'exports');
// Tests that check what reached the database open it read-only (tests/e2e/db.ts).
mkdirSync('test-results', { recursive: true });
writeFileSync(E2E_SERVER_INFO, JSON.stringify({ database: process.env.DATABASE_URL }));
process.env.REPAIROPS_TEST_PUZZLE_X = String(E2E_PUZZLE_X);
process.env.LOG_LEVEL ??= 'warn';
// Every browser of the suite signs in from 127.0.0.1: a shop's worth of puzzles a minute is not enough.
process.env.TNCODE_PER_MINUTE ??= '600';
// New shops of the suite sign up from addresses of their own (tests/e2e/shop.ts sends
// X-Forwarded-For): many specs make shops, and one address may sign up 10 times an hour.
process.env.TRUST_PROXY ??= '1';
process.env.STATIC_DIR ??= 'dist';
// Watched repairs are looked at every 2 s (default 15 s), so a monitor alert reaches the browser
// within an e2e test's bound; a device is still re-checked only once per MONITOR_INTERVAL_MINUTES.
process.env.MONITOR_TICK_SECONDS ??= '2';

// The demo shop gets its 90-day history (server/seed-history.ts, ~4 s once per run) unless the run
// says REPAIROPS_DEMO_HISTORY=0: dashboards can then be compared with the lists they count.

// The built server (scripts/build-server.ts; scripts/e2e.ts builds it before Playwright starts), as
// `npm start` runs it: the suite tests what ships. Named through a variable so TypeScript does not
// look for the bundle's types.
const bundle = new URL('../dist-server/index.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('dist-server/index.mjs is missing: run `npm run test:e2e` (or `npm run build`)\n');
  process.exit(1);
}
const { main } = (await import(bundle.href)) as { main(): Promise<void> };
await main();
