// `npm run test:pg -- <vitest args>`: targeted tests against a throwaway PostgreSQL cluster
// (scripts/lib/throwaway-postgres.ts), the way `npm test` runs them, without the whole suite. E.g.
//   npm run test:pg -- --project node-pg server/modules/dashboards   (harness tests on PostgreSQL)
//   npm run test:pg -- server/modules/repairs/postgres.test.ts       (the PostgreSQL-only files)
// With REPAIROPS_TEST_PG_URL already set, uses that cluster instead.
import { run } from './lib/run.ts';
import { startThrowawayPostgres } from './lib/throwaway-postgres.ts';

const postgres = process.env.REPAIROPS_TEST_PG_URL ? null : await startThrowawayPostgres();
if (!postgres && !process.env.REPAIROPS_TEST_PG_URL) {
  process.stdout.write('No PostgreSQL server binaries (Debian postgresql package): nothing to run on.\n');
  process.exit(1);
}
const env = postgres ? { REPAIROPS_TEST_PG_URL: postgres.url } : {};
const code = await run('npx', ['vitest', 'run', ...process.argv.slice(2)], env).finally(() =>
  postgres?.stop(),
);
process.exit(code);
