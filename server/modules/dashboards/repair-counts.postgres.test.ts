// The repair counters on PostgreSQL with two writers at once (migration 0020,
// docs/decisions/0038-repair-counters.md): two server instances, each with its own connection pool
// (two processes as far as the database can tell), write the same account's repairs at the same
// time, through the API (refresh runners, watches, deletions) and in raw transactions that move many
// devices in opposite orders. A counter kept as a shared row would deadlock here (a runner's batch
// holds its progress rows then locks the account to settle; a watch locks the account then moves
// devices); the delta rows must never wait, never deadlock and stay exact, folds included.
// Runs when REPAIROPS_TEST_PG_URL names a PostgreSQL server (npm run test:pg), in its own database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REPAIR_PROGRESS } from '#contract/schemas/repairs.ts';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { systemClock } from '#server/lib/clock.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { asAppUser } from '#tests/setup/inject-post.ts';
import { ownSeededDatabase } from '#tests/setup/pg-own-database.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { foldRepairCounts, recountRepairCounts, repairCounts, storedRepairCounts } from './repair-counts.ts';

const url = process.env.REPAIROPS_TEST_PG_URL;
const DB_NAME = 'repairops_repair_counts_test';
const DEVICES = 600;

/** A PRNG with a fixed seed: the same interleavings are asked for on every run. */
function prng(seed: number) {
  let n = seed;
  return (max: number) => {
    n = (n * 1103515245 + 12345) % 2147483648;
    return n % max;
  };
}

describe.skipIf(!url)('repair counters on PostgreSQL, two writers at once', () => {
  const handles: Db[] = [];
  const apps: App[] = [];
  let token = '';
  let accountId = 0;
  // Simulated repair time runs fast, so refreshes a second apart move devices on.
  const provider = new SandboxRepairProvider({ latency: 'zero', speed: 50_000 });

  const post = <E extends EndpointDef>(app: App, endpoint: E, body: EndpointInput<E>) =>
    callEndpoint(asAppUser(app, token), endpoint, body);

  beforeAll(async () => {
    const own = await ownSeededDatabase(url as string, DB_NAME);
    for (let i = 0; i < 2; i++) handles.push(connectDb(own));
    const [first] = handles as [Db];
    const config = { ...loadConfig({}), databaseUrl: own };
    for (const handle of handles)
      apps.push(
        await buildApp({
          config,
          db: handle,
          logger: false,
          repairProvider: provider,
          repairRunner: { backoffBaseMs: 1, backoffMaxMs: 1, claimBatch: 40, holdMaxMs: 0 },
        }),
      );
    const user = await first.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    accountId = user.account_id;
    token = await new SessionService(new AuthRepository(first.db), systemClock, config.sessionTtlMs).open(
      user.id,
    );
    // VIP 5 (10,000 monitors) and points for the refreshes.
    await sql`UPDATE accounts SET vip_level = 5, vip_end_time = 4102444800, integral = 100000000
      WHERE id = ${accountId}`.execute(first.db);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.app.close();
    for (const handle of handles) await handle.db.destroy();
  });

  it(
    'stay equal to a recount after two instances write the same repairs at once',
    { timeout: 90_000 },
    async () => {
      const [a, b] = apps as [App, App];
      const [ha, hb] = handles as [Db, Db];
      const batches: number[] = [];
      for (let k = 0; k < 2; k++) {
        const batch = await post(a, endpoints.repairBatchCreate, { title: `并发 ${k}` });
        batches.push(batch.datas.id);
        const lines = Array.from({ length: DEVICES / 2 }, (_, i) => ({
          ident: testImei(k * 1000 + i + 1, '35391150'),
          repair_ids: ['R' + String(400_000_001 + k * 1000 + i)],
        }));
        const intake = await post(k ? b : a, endpoints.repairIntake, {
          batch_id: batch.datas.id,
          lines,
        });
        expect(intake.errcode, intake.msg).toBe(0);
      }
      const ids = (
        await ha.db
          .selectFrom('repair_devices')
          .select('id')
          .where('account_id', '=', accountId)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
      expect(ids).toHaveLength(DEVICES);
      // Three sets of the account's devices, one per kind of writer, so that the only rows they share
      // are the account's counters (two writers of one device row can deadlock on that row itself,
      // which is not what this test is about): batch 0 for the runners, half of batch 1 for the API's
      // watches and deletions, the other half for raw transactions.
      const forApi = ids.slice(DEVICES / 2, (DEVICES * 3) / 4);
      const forRaw = ids.slice((DEVICES * 3) / 4);

      const errors: unknown[] = [];
      const guard = (p: Promise<unknown>) => p.catch((err: unknown) => errors.push(err));
      // Instance A refreshes and runs its runner; instance B runs its own runner on the same jobs and
      // watches, unwatches and deletes devices through the API (a watch locks the account row first).
      const api = async () => {
        const rnd = prng(7);
        for (let round = 0; round < 6; round++) {
          const refresh = await post(a, endpoints.repairRefresh, { batch_id: batches[0] });
          expect(refresh.errcode, refresh.msg).toBe(0);
          const pick = [...new Set(Array.from({ length: 40 }, () => forApi[rnd(forApi.length)] as number))];
          const results = await Promise.all([
            a.repairs.runner.runOnce(),
            b.repairs.runner.runOnce(),
            post(b, endpoints.monitorWatch, { device_ids: pick }),
            post(a, endpoints.monitorUnwatch, { device_ids: pick.slice(0, 10) }),
          ]);
          for (const r of results.slice(2) as Array<{ errcode: number; msg: string }>)
            expect(r.errcode, r.msg).toBe(0);
          // Simulated days pass between rounds (speed 50,000: 0.2 s is ~3 hours).
          await new Promise((r) => setTimeout(r, 200));
        }
        const gone = await post(b, endpoints.repairDeviceDelete, { device_ids: forApi.slice(0, 25) });
        expect(gone.errcode, gone.msg).toBe(0);
      };
      // Raw transactions from both pools: several devices each (in id order, so that the devices' own
      // rows never deadlock) moved to random progresses, i.e. counters touched in random orders;
      // some in one statement, some deleted and brought back.
      const raw = async (handle: Db, seed: number) => {
        const rnd = prng(seed);
        const worker = async () => {
          for (let t = 0; t < 40; t++) {
            const picked = [
              ...new Set(Array.from({ length: 2 + rnd(6) }, () => forRaw[rnd(forRaw.length)] as number)),
            ].sort((x, y) => x - y);
            await handle.db.transaction().execute(async (trx) => {
              for (const id of picked) {
                const progress =
                  rnd(11) === 10 ? null : (REPAIR_PROGRESS[rnd(REPAIR_PROGRESS.length)] as string);
                await trx
                  .updateTable('repair_devices')
                  .set({ progress, watched: rnd(2), deleted_at: rnd(10) === 0 ? Date.now() : null })
                  .where('id', '=', id)
                  .execute();
              }
              if (rnd(3) === 0)
                await trx
                  .updateTable('repair_devices')
                  .set({ watched: sql`1 - watched` })
                  .where('id', 'in', picked)
                  .execute();
            });
          }
        };
        await Promise.all(Array.from({ length: 4 }, worker));
      };
      await Promise.all([guard(api()), guard(raw(ha, 11)), guard(raw(hb, 29))]);
      expect(errors).toEqual([]);

      // Exact before and after a fold, and the deltas were folded on the way (ids passed 1,000).
      const recounted = await recountRepairCounts(ha.db);
      expect(await storedRepairCounts(hb.db)).toEqual(recounted);
      const deltaIds = await sql<{ n: number; top: number | null }>`
      SELECT count(*)::int AS n, max(id) AS top FROM dash_repair_deltas`.execute(ha.db);
      expect(Number(deltaIds.rows[0]?.top)).toBeGreaterThan(1000);
      expect(deltaIds.rows[0]?.n).toBeLessThan(Number(deltaIds.rows[0]?.top));
      await foldRepairCounts(hb.db, 'postgres');
      expect(
        Number(
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM dash_repair_deltas`.execute(ha.db)).rows[0]
            ?.n,
        ),
      ).toBe(0);
      expect(await storedRepairCounts(ha.db)).toEqual(recounted);

      // What the overview shows is the repair device list's total for the same filter.
      const counts = await repairCounts(ha.db, accountId);
      for (const progress of REPAIR_PROGRESS) {
        const list = await post(a, endpoints.repairDeviceList, { progress: [progress] });
        expect(counts.progress.get(progress) ?? 0, progress).toBe(list.datas.total);
      }
      const watched = await post(b, endpoints.repairDeviceList, { watched: true });
      expect(counts.watched).toBe(watched.datas.total);
      expect(counts.watched).toBeGreaterThan(0);
      expect(counts.progress.size).toBeGreaterThan(5);
    },
  );
});
