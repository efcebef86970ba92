// `npm test`: every check and every test, in order, then one closing line that sums them all:
// `N passed, N failed, N skipped` (the static checks count one each).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { failedPlaywrightTests, failedVitestTests, unhandledVitestErrors } from './lib/failed-tests.ts';
import { UNHANDLED_REPORT } from './lib/vitest-unhandled-reporter.ts';
import { pwaBuildIsStale } from './lib/build-stamp.ts';
import { run } from './lib/run.ts';
import { runPool, type PoolJob } from './lib/run-pool.ts';
import { chromiumPath } from '#tests/setup/chromium.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
// What failed, by name: printed above the closing lines, where a log's tail still shows it.
const failures: string[] = [];

async function check(name: string, command: string, args: string[]) {
  process.stdout.write(`\n▶ ${name}\n`);
  const ok = (await run(command, args)) === 0;
  total[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
}

function readJson(path: string): Record<string, unknown> | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

await check('route tree', 'npx', ['tsr', 'generate']);
// The static checks, two at a time (CI has 2 cores; tsc, eslint and prettier each keep about one busy),
// and the end-to-end suite's PWA build among them rather than after vitest: about 2.5 min one after
// the other on CI, about half side by side (decision 0057). Each check's output is printed whole, in
// this order. The build only when the end-to-end suite will run (Chromium is there); scripts/e2e.ts
// then finds it up to date, or builds again and fails there if this build failed.
const STATIC: PoolJob[] = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'translations', command: 'node', args: ['scripts/check-catalogs.ts'] },
  { name: 'docs', command: 'node', args: ['scripts/check-docs.ts'] },
  { name: 'contract paths', command: 'node', args: ['scripts/contract-paths.ts', '--check'] },
];
const BUILD: PoolJob = {
  name: 'PWA build for the end-to-end tests',
  command: 'npx',
  args: ['vite', 'build', '--logLevel', 'warn'],
};
const buildNow = existsSync(chromiumPath()) && pwaBuildIsStale();
// The build third: the two longest checks start first, and the short ones fill in behind it.
const jobs = buildNow ? [...STATIC.slice(0, 2), BUILD, ...STATIC.slice(2)] : STATIC;
for (const result of await runPool(jobs, 2)) {
  if (result.name === BUILD.name) continue;
  total[result.code === 0 ? 'passed' : 'failed'] += 1;
  lines.push(`${result.code === 0 ? 'ok  ' : 'FAIL'} ${result.name}`);
}

process.stdout.write('\n▶ unit and integration tests (vitest)\n');
// With a throwaway cluster (Debian's binaries installed), vitest also runs the server suite on
// PostgreSQL (project node-pg), the three-process test and the pg_dump restore test (decision 0034).
const postgres = process.env.REPAIROPS_TEST_PG_URL ? null : await startThrowawayPostgres();
if (postgres) process.env.REPAIROPS_TEST_PG_URL = postgres.url;
const vitestCode = await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-results/vitest.json',
  '--reporter=./scripts/lib/vitest-unhandled-reporter.ts',
]);
postgres?.stop();
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  const v = {
    passed: Number(vitest.numPassedTests),
    failed: Number(vitest.numFailedTests),
    skipped: Number(vitest.numPendingTests) + Number(vitest.numTodoTests),
  };
  // A suite that failed to load has no failed test but a non-zero exit: count it as a failure.
  if (vitestCode !== 0 && v.failed === 0) v.failed = 1;
  total.passed += v.passed;
  total.failed += v.failed;
  total.skipped += v.skipped;
  const named = [
    ...failedVitestTests(vitest, process.cwd()),
    ...unhandledVitestErrors(readJson(UNHANDLED_REPORT) ?? {}, process.cwd()),
  ];
  if (vitestCode !== 0 && named.length === 0)
    named.push(`exited ${vitestCode} with nothing named: see its output`);
  failures.push(...named.map((f) => `vitest  ${f}`));
  lines.push(
    `${v.failed ? 'FAIL' : 'ok  '} vitest: ${v.passed} passed, ${v.failed} failed, ${v.skipped} skipped`,
  );
} else {
  total.failed += 1;
  lines.push('FAIL vitest: no report');
}

process.stdout.write('\n▶ end-to-end tests (Playwright, Chromium)\n');
const e2eCode = await run('node', ['scripts/e2e.ts']);
const e2e = readJson('test-results/e2e.json');
const stats = (e2e?.stats ?? null) as {
  expected: number;
  unexpected: number;
  flaky: number;
  skipped: number;
} | null;
if (stats) {
  const e = { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  if (e2eCode !== 0 && e.failed === 0) e.failed = 1;
  total.passed += e.passed;
  total.failed += e.failed;
  total.skipped += e.skipped;
  failures.push(...failedPlaywrightTests(e2e ?? {}).map((f) => `e2e     ${f}`));
  const label = e2e?.skippedRun
    ? 'e2e: SKIPPED (no Chromium)'
    : `e2e: ${e.passed} passed, ${e.failed} failed, ${e.skipped} skipped`;
  lines.push(`${e.failed ? 'FAIL' : 'ok  '} ${label}`);
} else {
  total.failed += 1;
  lines.push('FAIL e2e: no report');
}

// Chromium finds the PWA installable (Lighthouse 11's installable-manifest audit, ~15 s).
await check('installable (Lighthouse)', 'node', ['scripts/lighthouse-installable.ts']);
if (readJson('test-results/lighthouse-installable.json')?.skippedRun) {
  // No Chromium: counted as skipped, like the end-to-end tests.
  total.passed -= 1;
  total.skipped += 1;
  lines[lines.length - 1] = 'ok   installable (Lighthouse): SKIPPED (no Chromium)';
}

if (failures.length) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
process.stdout.write(
  `\n${lines.join('\n')}\n\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`,
);
process.exit(total.failed ? 1 : 0);
