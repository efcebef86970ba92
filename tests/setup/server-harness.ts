// A real API server for tests: a fresh SQLite database (migrated, demo shop seeded), the app built by
// buildApp, and helpers that talk to it through `app.inject` (no port) with a clock the test controls.
// Used by the server's own tests and by the PWA's msw tests, which forward their requests to it.
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '#server/app.ts';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';
import type { ServerConfig } from '#server/config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import type { RealtimeServer } from '#server/http/realtime.ts';
import type { CheckRunner, RunnerOptions } from '#server/jobs/check-runner.ts';
import type { ExportRunner, ExportRunnerOptions } from '#server/jobs/export-runner.ts';
import type { MessageSender, MessageSenderOptions } from '#server/jobs/message-sender.ts';
import type { SmsSetup } from '#server/providers/sms/index.ts';
import type { ProgressReporter } from '#server/modules/checks/progress.ts';
import type { CheckProvider } from '#server/providers/checks/provider.ts';
import { DEMO_USERS, seedDemoShop } from '#server/seed.ts';
import { setCheapHashesForTests } from '#server/lib/secrets.ts';
import type { RepairsModule } from '#server/modules/repairs/wiring.ts';
import type { RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import type { MonitorSchedulerOptions } from '#server/jobs/monitor-scheduler.ts';
import { createPgTestDatabase, testsOnPostgres } from './pg-databases.ts';
import { injectCall } from './inject-call.ts';

// Test servers write cheap password hashes (server/lib/secrets.ts): the sign-in tests' time was scrypt's.
setCheapHashesForTests(true);

/** Every slider puzzle of a test server has its gap here: drag to it and the puzzle is solved. */
export const TEST_PUZZLE_X = 150;

/** Where a test clock starts unless told otherwise: 2026-03-01 09:00 UTC. */
export const TEST_START = Date.UTC(2026, 2, 1, 9, 0, 0);

export const DEMO_ADMIN = DEMO_USERS[0];
export const DEMO_EDITOR = DEMO_USERS[1];

export interface TestClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

/** A clock that stands still until the test moves it. */
export function createTestClock(start: number = TEST_START): TestClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      now = ms;
    },
  };
}

export interface CallOptions {
  /** Sent as the `token` header. */
  token?: string;
  query?: Record<string, string> | string;
  headers?: Record<string, string>;
  /** The client address the server sees (rate limits per address). Default 127.0.0.1. */
  remoteAddress?: string;
  /** Default POST (every API call is a POST). */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
}

/** The parsed answer. `datas` is loosely typed: null on most errors, the endpoint's datas on success. */
export interface CallResult<D = Record<string, unknown>> {
  status: number;
  errcode: number;
  msg: string;
  datas: D;
  headers: Record<string, unknown>;
  /** The raw response body. */
  raw: string;
}

export interface TestServer {
  app: FastifyInstance;
  io: RealtimeServer;
  db: Kysely<Database>;
  /** The device-check job runner, when the test gave a checkProvider. */
  runner: CheckRunner | null;
  progress: ProgressReporter;
  /** Repair refresh runner and monitor scheduler (not started: runOnce() / runCycle()). */
  repairs: RepairsModule;
  /** The Excel export runner (not started: call exportRunner.runOnce() or start()). */
  exportRunner: ExportRunner;
  /** The sender of messages to customers (not started: call messages.runOnce()). */
  messages: MessageSender;
  /** The Db handle (Kysely instance and dialect) the app was built with. */
  handle: Db;
  clock: TestClock;
  config: ServerConfig;
  /** The temp dir holding the database; removed by close(). */
  dir: string;
  /**
   * Calls the API. A string or Buffer body is sent as is (with content-type application/json unless
   * `headers` says otherwise); `undefined` sends no body; anything else is sent as JSON.
   * Throws when the answer is not a JSON envelope.
   */
  call<D = Record<string, unknown>>(path: string, body?: unknown, opts?: CallOptions): Promise<CallResult<D>>;
  /** A new slider puzzle's uniqid (its answer is TEST_PUZZLE_X). */
  puzzle(): Promise<string>;
  /** Signs in through tncode + login and answers the token; throws when the sign-in is refused. */
  login(username?: string, password?: string): Promise<string>;
  /**
   * Opens a session for a user straight through the server's SessionService and answers its token:
   * the same token a sign-in gives, without the puzzle and the ~100 ms of password hashing.
   */
  session(username?: string): Promise<string>;
  /** The code of the newest sandbox SMS sent to `phone` (the sandbox outbox); throws when there is none. */
  lastSmsCode(phone: string): Promise<string>;
  /** Closes the app (and socket.io), the database, and removes the temp dir. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestServerOptions {
  clock?: TestClock;
  config?: Partial<ServerConfig>;
  /** Default false (silent). */
  logger?: boolean;
  /** A check provider: the app then has a job runner (not started: call runner.runOnce() or start()). */
  checkProvider?: CheckProvider;
  /** Runner options; default holdMaxMs 0 (every wait goes through the database and the test clock). */
  runner?: Partial<RunnerOptions>;
  progressThrottleMs?: number;
  /** The repair-status source; default the sandbox at zero latency. */
  repairProvider?: RepairStatusProvider;
  /** Repair runner options; default holdMaxMs 0 like the check runner. */
  repairRunner?: Partial<RunnerOptions>;
  monitor?: Partial<MonitorSchedulerOptions>;
  /** Export runner options (files go to the test's temp dir unless config.exports says otherwise). */
  exportRunner?: Partial<ExportRunnerOptions>;
  /** The SMS provider (default: the sandbox); null: none, as in production without one. */
  sms?: SmsSetup | null;
  /** Customer message sender options. */
  messageSender?: Partial<MessageSenderOptions>;
}

// Seeding hashes the demo passwords with scrypt (~100 ms each), so a template database (migrated and
// seeded) is made once and every test server starts from a copy. The template is kept in the temp dir
// under a key of the seed time and the sources it depends on, so test files (each in its own worker)
// and later runs share it, and any change to the seed or the migrations makes a new one.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TEMPLATE_DIR = join(tmpdir(), 'repairops-test-templates');
const templates = new Map<number, Promise<string>>();

function templateKey(seedNow: number): string {
  const migrations = readdirSync(join(ROOT, 'server/db/migrations'))
    .sort()
    .map((f) => `server/db/migrations/${f}`);
  const sources = [
    'server/seed.ts',
    'server/modules/ledger/ledger-repository.ts',
    'server/lib/secrets.ts',
    'server/db/migrate.ts',
    'contract/roles.ts',
  ];
  const hash = createHash('sha256').update(String(seedNow));
  for (const f of [...sources, ...migrations]) hash.update(f).update(readFileSync(join(ROOT, f)));
  return hash.digest('hex').slice(0, 24);
}

async function makeTemplate(seedNow: number): Promise<string> {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const file = join(TEMPLATE_DIR, `${templateKey(seedNow)}.sqlite`);
  if (existsSync(file)) {
    // Mark it as in use, so another run's clean-up (below) leaves it alone.
    const now = new Date();
    utimesSync(file, now, now);
    return file;
  }
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = connectDb(partial);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    await seedDemoShop(handle.db, seedNow);
  } finally {
    // Closing the last connection checkpoints the WAL into the file, so the file alone is complete.
    await handle.db.destroy();
  }
  renameSync(partial, file); // atomic: a concurrent reader sees no template or a whole one
  // Templates of older sources, unused for a day, are of no further use.
  for (const f of readdirSync(TEMPLATE_DIR)) {
    const path = join(TEMPLATE_DIR, f);
    try {
      if (path !== file && Date.now() - statSync(path).mtimeMs > 24 * 3600_000) rmSync(path, { force: true });
    } catch {
      // Renamed or removed meanwhile by another process.
    }
  }
  return file;
}

function templateFor(seedNow: number): Promise<string> {
  let template = templates.get(seedNow);
  if (!template) {
    template = makeTemplate(seedNow);
    templates.set(seedNow, template);
  }
  return template;
}

export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const clock = opts.clock ?? createTestClock();
  const dir = mkdtempSync(join(tmpdir(), 'repairops-test-'));
  // The `node-pg` project runs the same tests on a PostgreSQL database cloned from a template.
  const pgDb = testsOnPostgres() ? await createPgTestDatabase(templateKey(clock.now()), clock.now()) : null;
  const file = pgDb ? pgDb.url : join(dir, 'repairops.sqlite');
  if (!pgDb) copyFileSync(await templateFor(clock.now()), file);

  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: file,
    production: false,
    staticDir: join(dir, 'no-pwa'),
    logLevel: 'silent',
    sessionTtlMs: 30 * 24 * 3600 * 1000,
    testPuzzleX: TEST_PUZZLE_X,
    jobRunner: { concurrency: 64, leaseMs: 60_000, backoffBaseMs: 1000 },
    exports: { dir: join(dir, 'exports'), retentionMs: 7 * 24 * 3600 * 1000 },
    ocr: { concurrency: 2, queueMax: 8, binary: 'tesseract' },
    ...opts.config,
  };
  const handle = connectDb(file);
  // No migration here: the template's key hashes every migration, so its copy is already at the
  // latest (migrating again cost a PostgreSQL test server ~0.1 s of lock and table checks).
  const { app, io, runner, progress, repairs, exportRunner, messages } = await buildApp({
    config,
    db: handle,
    clock,
    logger: opts.logger ?? false,
    ...(opts.checkProvider ? { checkProvider: opts.checkProvider } : {}),
    runner: { holdMaxMs: 0, ...opts.runner },
    ...(opts.progressThrottleMs !== undefined ? { progressThrottleMs: opts.progressThrottleMs } : {}),
    repairProvider: opts.repairProvider ?? new SandboxRepairProvider({ latency: 'zero', clock }),
    repairRunner: { holdMaxMs: 0, ...opts.repairRunner },
    ...(opts.monitor ? { monitor: opts.monitor } : {}),
    ...(opts.exportRunner ? { exportRunner: opts.exportRunner } : {}),
    ...(opts.sms !== undefined ? { sms: opts.sms } : {}),
    ...(opts.messageSender ? { messageSender: opts.messageSender } : {}),
  });

  const call = injectCall(app);

  // Each puzzle from its own documentation address (TEST-NET-2), so tests that make many puzzles on
  // a clock that stands still do not meet tncode's per-address limit (tested on its own).
  let puzzles = 0;
  const puzzle = async (): Promise<string> => {
    puzzles++;
    const remoteAddress = `198.51.${100 + (puzzles >> 8)}.${puzzles & 255}`;
    const res = await call<{ uniqid: string }>('/api/login/tncode', {}, { remoteAddress });
    if (res.errcode !== 0) throw new Error(`tncode failed: ${res.errcode} ${res.msg}`);
    return res.datas.uniqid;
  };

  const login = async (username: string = DEMO_ADMIN.username, password: string = DEMO_ADMIN.password) => {
    const uniqid = await puzzle();
    const res = await call<{ token: string }>('/api/login/login', {
      username,
      password,
      tn_r: TEST_PUZZLE_X,
      uniqid,
    });
    if (res.errcode !== 0) throw new Error(`login as ${username} failed: ${res.errcode} ${res.msg}`);
    return res.datas.token;
  };

  const sessions = new SessionService(new AuthRepository(handle.db), clock, config.sessionTtlMs);
  const session = async (username: string = DEMO_ADMIN.username) => {
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) throw new Error(`no user ${username}`);
    return sessions.open(user.id);
  };

  const lastSmsCode = async (phone: string) => {
    const row = await handle.db
      .selectFrom('sms_outbox')
      .select('text')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const code = row && /\b\d{6}\b/.exec(row.text)?.[0];
    if (!code) throw new Error(`no sandbox SMS to ${phone}`);
    return code;
  };

  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      try {
        await app.close();
      } finally {
        await handle.db.destroy();
        await pgDb?.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    })());

  return {
    app,
    io,
    runner,
    progress,
    repairs,
    exportRunner,
    messages,
    db: handle.db,
    handle,
    clock,
    config,
    dir,
    call,
    puzzle,
    login,
    session,
    lastSmsCode,
    close,
  };
}
