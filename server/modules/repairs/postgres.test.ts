// The repair path on PostgreSQL (claims with FOR UPDATE SKIP LOCKED by two runners, the counter's
// row lock, the scheduler's lease, ranges and COALESCE filters, ON CONFLICT upserts): runs when
// REPAIROPS_TEST_PG_URL names a PostgreSQL server, in a database of its own (other PostgreSQL test
// files drop and rebuild the public schema of theirs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { MonitorScheduler } from '#server/jobs/monitor-scheduler.ts';
import { RepairRunner } from '#server/jobs/repair-runner.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { systemClock } from '#server/lib/clock.ts';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';
import { endpoints } from '#contract/endpoints.ts';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { asAppUser } from '#tests/setup/inject-post.ts';
import { ownSeededDatabase } from '#tests/setup/pg-own-database.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';

const url = process.env.REPAIROPS_TEST_PG_URL;
const DB_NAME = 'repairops_repairs_test';

describe.skipIf(!url)('repairs on PostgreSQL', () => {
  let handle: Db;
  let app: App;
  let token: string;
  const provider = new SandboxRepairProvider({ latency: 'zero' });
  const post = <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>) =>
    callEndpoint(asAppUser(app, token), endpoint, body);

  beforeAll(async () => {
    const own = await ownSeededDatabase(url as string, DB_NAME);
    handle = connectDb(own);
    const config = { ...loadConfig({}), databaseUrl: own };
    app = await buildApp({
      config,
      db: handle,
      logger: false,
      repairProvider: provider,
      repairRunner: { backoffBaseMs: 1, backoffMaxMs: 1, claimBatch: 40, holdMaxMs: 0 },
    });
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    token = await new SessionService(new AuthRepository(handle.db), systemClock, config.sessionTtlMs).open(
      user.id,
    );
  }, 60_000);
  afterAll(async () => {
    await app?.app.close();
    await handle?.db.destroy();
  });

  it(
    'takes in, lists, refreshes with two runners and bills each device once',
    { timeout: 60_000 },
    async () => {
      const batch = await post(endpoints.repairBatchCreate, { title: 'PG 批次' });
      expect(batch.errcode, batch.msg).toBe(0);
      const lines = [
        ...Array.from({ length: 200 }, (_, i) => ({
          ident: testImei(i + 1, '35391110'),
          repair_ids: i % 2 ? ['R' + String(300_000_001 + i)] : [],
          customer_name: `客户${i}`,
          customer_phone: `1390000${String(i).padStart(4, '0')}`,
        })),
        { ident: 'SANDBOXFAIL' },
        { ident: 'bad' },
      ];
      // Two intakes at once get disjoint running numbers.
      const other = await post(endpoints.repairBatchCreate, { title: 'PG 批次 2' });
      const [a, b] = await Promise.all([
        post(endpoints.repairIntake, {
          batch_id: batch.datas.id,
          lines,
        }),
        post(endpoints.repairIntake, {
          batch_id: other.datas.id,
          lines: [{ ident: testImei(900, '35391110') }, { ident: testImei(901, '35391110') }],
        }),
      ]);
      expect(a.datas.added).toBe(201);
      expect(a.datas.rejected).toHaveLength(1);
      expect(b.datas.added).toBe(2);
      const nos = await handle.db.selectFrom('repair_devices').select('no').orderBy('no').execute();
      expect(nos.map((r) => r.no)).toEqual(nos.map((_, i) => i + 1));

      const list = await post(endpoints.repairDeviceList, { keyword: '客户1' });
      expect(list.datas.total).toBe(111);
      expect((await post(endpoints.repairDeviceList, { keyword: 'R300000002' })).datas.total).toBe(1);

      const refresh = await post(endpoints.repairRefresh, { batch_id: batch.datas.id });
      expect(refresh.datas.queued).toBe(201);
      const second = new RepairRunner({
        db: handle.db,
        dialect: handle.dialect,
        provider,
        clock: systemClock,
        options: { backoffBaseMs: 1, backoffMaxMs: 1, claimBatch: 40, holdMaxMs: 0 },
      });
      await Promise.all([app.repairs.runner.runOnce(), second.runOnce()]);
      const jobs = await handle.db.selectFrom('repair_jobs').select(['state', 'settled']).execute();
      expect(jobs.filter((j) => j.state === 'success')).toHaveLength(200);
      expect(jobs.filter((j) => j.state === 'failed')).toHaveLength(1);
      const entries = await sql<{
        n: number;
      }>`SELECT count(*)::int n FROM ledger_entries WHERE repair_job_id IS NOT NULL`.execute(handle.db);
      expect(entries.rows[0]?.n).toBe(201);
      const sums = await sql<{ b: number; f: number; integral: number; frozen: number }>`
      SELECT sum(balance_delta)::bigint b, sum(frozen_delta)::bigint f,
        (SELECT integral FROM accounts WHERE id = 1) integral, (SELECT frozen FROM accounts WHERE id = 1) frozen
      FROM ledger_entries WHERE account_id = 1`.execute(handle.db);
      const s = sums.rows[0]!;
      expect([Number(s.b), Number(s.f)]).toEqual([Number(s.integral), Number(s.frozen)]);
      expect(Number(s.frozen)).toBe(0);

      const today = await post(endpoints.todayScheduleChange, {});
      expect(today.datas.total).toBe(200);
      const combined = await post(endpoints.repairDeviceList, {
        changed_today: true,
        progress: ['received'],
        badge: ['to_receive'],
      });
      expect(combined.datas.total).toBe(100);
    },
  );

  it(
    'caps monitors per VIP level and runs the scheduler once across two processes',
    { timeout: 60_000 },
    async () => {
      await sql`UPDATE accounts SET vip_end_time = 0`.execute(handle.db);
      const over = await post(endpoints.monitorWatch, {
        batch_id: (
          await handle.db.selectFrom('repair_batches').select('id').orderBy('id').executeTakeFirstOrThrow()
        ).id,
      });
      expect(over.errcode).toBe(ErrCode.MONITOR_CAP_EXCEEDED);
      expect(over.datas.cap).toBe(50);
      const ids = (
        await handle.db.selectFrom('repair_devices').select('id').orderBy('id').limit(50).execute()
      ).map((r) => r.id);
      expect((await post(endpoints.monitorWatch, { device_ids: ids })).datas.used).toBe(50);
      const other = new MonitorScheduler({
        db: handle.db,
        clock: systemClock,
        repairs: provider,
        checks: null,
        notify: {
          devicesChanged: () => {},
          refreshProgress: () => {},
          notice: () => {},
          jobsAdded: () => {},
        },
      });
      expect(await app.repairs.scheduler.takeLease()).toBe(true);
      expect(await other.takeLease()).toBe(false);
      const cycle = await app.repairs.scheduler.runCycle();
      expect(cycle.checked).toBe(50);
    },
  );
});
