// The device-check path on PostgreSQL (claims with FOR UPDATE SKIP LOCKED, the written-out
// statements with $n placeholders, INSERT ... SELECT of jobs): runs when REPAIROPS_TEST_PG_URL names
// an empty database (e.g. postgres://postgres@127.0.0.1:55433/postgres), skipped otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { systemClock } from '#server/lib/clock.ts';
import { SandboxCheckProvider } from '#server/providers/checks/sandbox.ts';
import { seedDemoShop } from '#server/seed.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { asAppUser } from '#tests/setup/inject-post.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { CheckRunner } from './check-runner.ts';

const url = process.env.REPAIROPS_TEST_PG_URL;

describe.skipIf(!url)('device checks on PostgreSQL', () => {
  let handle: Db;
  let app: App;
  let token: string;
  const post = <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>) =>
    callEndpoint(asAppUser(app, token), endpoint, body);

  beforeAll(async () => {
    handle = connectDb(url as string);
    await sql`DROP SCHEMA public CASCADE; CREATE SCHEMA public`.execute(handle.db);
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    await seedDemoShop(handle.db);
    await new LedgerRepository(handle.db).opening(1, 100_000_00, Date.now());
    const config = { ...loadConfig({}), databaseUrl: url as string };
    app = await buildApp({
      config,
      db: handle,
      logger: false,
      checkProvider: new SandboxCheckProvider({ latency: 'zero' }),
      runner: { backoffBaseMs: 1, backoffMaxMs: 1, claimBatch: 50 },
    });
    const admin = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    token = await new SessionService(new AuthRepository(handle.db), systemClock, config.sessionTtlMs).open(
      admin.id,
    );
  }, 60_000);
  afterAll(async () => {
    await app?.app.close();
    await handle?.db.destroy();
  });

  it(
    'places an order, runs it with three workers, and the ledger balances',
    // ~25 s alone on a loaded 2-core machine; the full suite runs beside it in CI.
    { timeout: 180_000 },
    async () => {
      const combos = await post(endpoints.comboList, {});
      const ids = combos.datas.list
        .filter((c) => ['sale_country', 'activation_lock'].includes(c.code))
        .map((c) => c.id);
      const placed = await post(endpoints.orderCreate, {
        title: 'PG 订单',
        identifiers: [...Array.from({ length: 300 }, (_, i) => testImei(i + 1, '35391110')), 'SANDBOXFAIL'],
        service_ids: ids,
      });
      expect(placed.errcode, placed.msg).toBe(0);
      expect(placed.datas.added).toBe(301);
      const provider = new SandboxCheckProvider({ latency: 'zero' });
      const workers = [
        app.runner as CheckRunner,
        ...[1, 2].map(
          () =>
            new CheckRunner({
              db: handle.db,
              dialect: 'postgres',
              provider,
              clock: systemClock,
              onError: (err) => console.error('RUNNER', err),
              options: { backoffBaseMs: 1, backoffMaxMs: 1, claimBatch: 50 },
            }),
        ),
      ];
      for (const w of workers) w.start();
      for (;;) {
        const d = await post(endpoints.orderDetail, {
          order_id: placed.datas.order_id,
        });
        if (d.datas.progress >= 100) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const w of workers) await w.stop();

      const sums = await handle.db
        .selectFrom('ledger_entries')
        .select((eb) => [
          eb.fn.sum<number>('balance_delta').as('b'),
          eb.fn.sum<number>('frozen_delta').as('f'),
        ])
        .where('account_id', '=', 1)
        .executeTakeFirstOrThrow();
      const acc = await handle.db
        .selectFrom('accounts')
        .select(['integral', 'frozen'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect([Number(sums.b), Number(sums.f)]).toEqual([Number(acc.integral), Number(acc.frozen)]);
      expect(Number(acc.frozen)).toBe(0);
      const perJob = await handle.db
        .selectFrom('check_jobs as j')
        .leftJoin('ledger_entries as l', 'l.job_id', 'j.id')
        .select((eb) => ['j.id', eb.fn.count<number>('l.id').as('n')])
        .groupBy('j.id')
        .execute();
      expect(perJob).toHaveLength(301 * 3);
      expect(perJob.every((r) => Number(r.n) === 1)).toBe(true);

      const results = await post(endpoints.orderResults, { order_id: placed.datas.order_id });
      const failed = results.datas.devices.at(-1);
      expect(failed?.status).toBe('failed');
      expect(
        failed?.jobs.find((j) => j.status === 'failed' && j.error === '依赖的保修查询失败'),
      ).toBeTruthy();
      const list = await post(endpoints.orderList, {
        keyword: 'pg',
      });
      expect(list.datas).toMatchObject({ total: 1, summary: { devices: 301 } });
      const bySn = await post(endpoints.orderList, { keyword: 'sandboxfail' });
      expect(bySn.datas.total).toBe(1);
      const ledger = await post(endpoints.pointRecord, { page: 1 });
      // Two openings (seed and this test), the freeze, and one entry per job.
      expect(ledger.datas.total).toBe(3 + 301 * 3);
    },
  );
});
