// The bench:dashboards account made ready (scripts/bench/dashboards.ts): schema, demo shop, the bulk
// rows of dashboard-data.ts, a day of repair churn, statistics; then the counters and the rollup are
// checked against a recount before anything is timed.
import { sql, type Kysely } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { recount, storedRollup } from '#server/modules/dashboards/recount.ts';
import { recountRepairCounts, storedRepairCounts } from '#server/modules/dashboards/repair-counts.ts';
import { seedDemoShop } from '#server/seed.ts';
import { DAYS, REPAIRS, RESULTS, churnRepairs, fill } from './dashboard-data.ts';

/** Fills and checks the account; answers the instant the data was written at. */
export async function prepareAccount(label: string, handle: Db): Promise<number> {
  const t0 = performance.now();
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  const now = Date.now();
  await seedDemoShop(handle.db, now);
  const filled = await fill(handle.db, now);
  // A day of repair activity after the bulk fill, one device per statement as the runner writes
  // them: on PostgreSQL the counters' reader then also sums the deltas not folded yet (up to ~1,000).
  await churnRepairs(handle.db, filled.account);
  // As autovacuum would have by then on a live server: statistics, and the visibility map that lets
  // PostgreSQL count from an index alone.
  await sql.raw(handle.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(handle.db);
  const deltas = await handle.db
    .selectFrom('dash_repair_deltas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rollupRows = await handle.db
    .selectFrom('dash_device_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const facetRows = await handle.db
    .selectFrom('dash_facet_days')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `${label}: ${RESULTS.toLocaleString('en')} check results in ${filled.orders} orders over ${DAYS} days, ` +
      `${REPAIRS.toLocaleString('en')} repairs, written in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `${Number(rollupRows.n).toLocaleString('en')} rows in dash_device_days, ${Number(facetRows.n).toLocaleString('en')} in dash_facet_days, ` +
      `${Number(deltas.n)} repair counter deltas not folded`,
  );
  // The repair counters were kept by migration 0020's triggers while the bulk SQL wrote the repairs.
  const repairsStored = JSON.stringify([...(await storedRepairCounts(handle.db))].sort());
  if (repairsStored !== JSON.stringify([...(await recountRepairCounts(handle.db))].sort()))
    throw new Error('the repair counters differ from a recount');
  console.log('  repair counters = recount: yes');
  if (RESULTS <= 50_000) {
    const same =
      JSON.stringify(
        Object.values(await storedRollup(handle.db)).map((m: Map<string, unknown>) => [...m].sort()),
      ) ===
      JSON.stringify(Object.values(await recount(handle.db)).map((m: Map<string, unknown>) => [...m].sort()));
    if (!same) throw new Error('the bench rollup differs from a recount');
    console.log('  rollup = recount: yes');
  }
  return now;
}
