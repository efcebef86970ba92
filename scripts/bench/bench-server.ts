// A throwaway server for the checks benches: a temp SQLite file (migrated, demo shop seeded, points
// enough for big orders), the app built as in production, and a session of the demo Admin.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp, type App, type AppOptions } from '#server/app.ts';
import { loadConfig, type ServerConfig } from '#server/config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { systemClock } from '#server/lib/clock.ts';
import { seedDemoShop } from '#server/seed.ts';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import { injectPost } from '#tests/setup/inject-post.ts';

export interface BenchServer extends App {
  handle: Db;
  token: string;
  post<D>(path: string, body: unknown): Promise<{ errcode: number; msg: string; datas: D }>;
  close(): Promise<void>;
}

export async function benchServer(
  opts: Pick<AppOptions, 'checkProvider' | 'runner' | 'repairProvider' | 'monitor' | 'clock'> & {
    config?: Partial<ServerConfig>;
  } = {},
): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'repairops-bench-'));
  const handle = connectDb(join(dir, 'bench.sqlite'));
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  await seedDemoShop(handle.db);
  await new LedgerRepository(handle.db).opening(1, 10_000_000_00, Date.now());
  const { config: over, ...appOptions } = opts;
  const defaults = loadConfig({});
  const config = {
    ...defaults,
    databaseUrl: join(dir, 'bench.sqlite'),
    staticDir: join(dir, 'none'),
    exports: { ...defaults.exports, dir: join(dir, 'exports') },
    ...over,
  };
  const app = await buildApp({ config, db: handle, logger: false, ...appOptions });
  const admin = await handle.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const token = await new SessionService(
    new AuthRepository(handle.db),
    systemClock,
    config.sessionTtlMs,
  ).open(admin.id);
  const post = <D>(path: string, body: unknown) => injectPost<D>(app, token, path, body);
  const close = async () => {
    await app.app.close();
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { ...app, handle, token, post, close };
}

/** A valid IMEI per number (Luhn digit appended): distinct numbers, distinct devices. */
export function benchImei(n: number, tac = '35391110'): string {
  const body = tac + String(n).padStart(6, '0');
  return body + String(luhnCheckDigit(body));
}

/** The catalogue ids of these service codes. */
export async function serviceIds(server: BenchServer, codes: readonly string[]): Promise<number[]> {
  const list = await server.post<{ list: { id: number; code: string }[] }>('/api/checks/combo_list', {});
  return codes.map((c) => {
    const row = list.datas.list.find((s) => s.code === c);
    if (!row) throw new Error(`no service ${c}`);
    return row.id;
  });
}
