// Issue 16's proof that several processes on one PostgreSQL are one product: three real server
// processes (A, B, C) on one database. A user signs in through A; a sign-in rate limit reached
// through A holds on B; a 2,000-device order placed through B (sandbox, zero latency) is seen by a
// socket on C up to 100% while B is SIGKILLed mid-order; every job is then settled or refunded
// exactly once and the ledger balances. Runs when REPAIROPS_TEST_PG_URL names a cluster (npm test).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { SOCKET_PATH, SOCKET_SOURCE, type ServerToClientEvents } from '#contract/realtime.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { createClusterDb, type ClusterDb } from '#tests/setup/pg-cluster-db.ts';
import { balanced, settlement } from '#tests/setup/settlement-checks.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

const clusterUrl = process.env.REPAIROPS_TEST_PG_URL;
const DEVICES = 2000;
const PUZZLE_X = 150;

interface Progress {
  order_id: number;
  jobs_total: number;
  jobs_success: number;
  jobs_failed: number;
  progress: number;
}

describe.skipIf(!clusterUrl)('three server processes on one PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'repairops-cluster-'));
  const servers: SpawnedServer[] = [];
  const sockets: Socket[] = [];
  let db: ClusterDb | undefined;

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'sign-in on A, rate limit across A and B, order on B, progress to 100% on C, B SIGKILLed mid-order',
    { timeout: 120_000 },
    async () => {
      db = await createClusterDb(clusterUrl as string, 'cluster', 10_000_00);
      const env = (name: string) => ({
        REPAIROPS_INSTANCE: name,
        STATIC_DIR: join(dir, 'no-pwa'),
        EXPORTS_DIR: join(dir, 'exports'),
        CHECKS_SANDBOX_LATENCY: 'zero',
        CHECKS_CONCURRENCY: '64',
        // A killed process's leases expire quickly, so the others take its jobs over.
        CHECKS_LEASE_MS: '2000',
        CHECKS_RETRY_BASE_MS: '100',
      });
      const [a, b, c] = await Promise.all(
        ['A', 'B', 'C'].map((name) => spawnServer({ databaseUrl: db!.url, env: env(name) })),
      );
      if (!a || !b || !c) throw new Error('three servers');
      servers.push(a, b, c);

      // Signed in through A; the session works on B and C (sessions live in the database).
      const token = await a.login();
      const me = await callEndpoint(spawnedUser(c, token), endpoints.getUser, {});
      expect(me.datas.username).toBe('admin');

      // Ten wrong passwords for `editor` through A (puzzles drawn on A, answered on A)…
      const attempt = async (drawOn: SpawnedServer, sendTo: SpawnedServer, password: string) => {
        const puzzle = await endpointDatas(spawnedUser(drawOn), endpoints.tncode, {});
        return callEndpoint(spawnedUser(sendTo), endpoints.login, {
          username: 'editor',
          password,
          tn_r: PUZZLE_X,
          uniqid: puzzle.uniqid,
        });
      };
      for (let i = 0; i < 10; i++)
        expect((await attempt(a, a, 'wrong-password')).errcode).toBe(ErrCode.LOGIN_FAILED);
      // …and B refuses the next attempt, even with the right password (a puzzle of A's, answered on B).
      expect((await attempt(a, b, 'repair2026')).errcode).toBe(ErrCode.RATE_LIMITED);

      // A socket on C.
      const code = await callEndpoint(spawnedUser(c, token), endpoints.getWsAuthCode, {});
      expect(code.errcode).toBe(0);
      const socket: Socket<ServerToClientEvents> = connectClient(c.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        forceNew: true,
        auth: { source: SOCKET_SOURCE, auth_info: code.datas.code },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const progress: Progress[] = [];
      const ordersEvents: number[] = [];
      socket.on('checks:progress', (p) => progress.push(p));
      socket.on('checks:orders', (p) => ordersEvents.push(p.order_id));
      const done = new Promise<Progress>((resolve) =>
        socket.on('checks:progress', (p) => {
          if (p.progress >= 100) resolve(p);
        }),
      );

      // The order, through B.
      const combos = await callEndpoint(spawnedUser(b, token), endpoints.comboList, {});
      const country = combos.datas.list.find((x) => x.code === 'sale_country')!.id;
      const identifiers = Array.from({ length: DEVICES }, (_, i) => testImei(i + 1, '35391110'));
      const t0 = performance.now();
      const placed = await callEndpoint(spawnedUser(b, token), endpoints.orderCreate, {
        title: '三进程',
        identifiers,
        service_ids: [country],
      });
      expect(placed.errcode, placed.msg).toBe(0);
      expect(placed.datas.added).toBe(DEVICES);
      const orderId = placed.datas.order_id;

      // B is SIGKILLed once some jobs are done and most are not (its leased jobs are then orphaned).
      for (;;) {
        const last = progress.at(-1);
        if (last && last.jobs_success + last.jobs_failed >= last.jobs_total * 0.1) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      const running = await db.query<{ n: number }>(
        `SELECT count(*)::int n FROM check_jobs WHERE state = 'running'`,
      );
      b.child.kill('SIGKILL');
      await b.exited;
      const atKill = progress.at(-1) as Progress;
      expect(atKill.progress).toBeLessThan(100);

      const final = await done;
      const seconds = (performance.now() - t0) / 1000;
      process.stdout.write(
        `three processes: ${DEVICES * 2} jobs in ${seconds.toFixed(1)} s; B killed at ${atKill.progress}% ` +
          `(${running[0]?.n ?? 0} jobs leased); ${progress.length} progress events on C\n`,
      );
      expect(final).toMatchObject({ order_id: orderId, jobs_total: DEVICES * 2, progress: 100 });
      expect(final.jobs_success + final.jobs_failed).toBe(DEVICES * 2);
      // B told the account's sockets about the new order: C's socket heard it from B.
      expect(ordersEvents).toContain(orderId);

      // Every job settled or refunded exactly once; the ledger sums to every balance; nothing frozen.
      expect(await settlement((q) => db!.query(q))).toEqual(balanced(DEVICES * 2));

      // The two left shut down cleanly on SIGTERM (their adapter connection released, exit code 0).
      for (const s of [a, c]) s.child.kill('SIGTERM');
      expect(await Promise.all([a.exited, c.exited])).toEqual([0, 0]);
    },
  );
});
