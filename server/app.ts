import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ErrCode } from '#contract/errcodes.ts';
import { DEFAULT_LIMITS, type ServerConfig } from './config.ts';
import type { Db } from './db/connect.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { AppError } from './lib/app-error.ts';
import { registerEnvelope } from './http/envelope.ts';
import { registerEndpoints, type EndpointDispatcher } from './http/endpoints.ts';
import { RequestKeys, fenceKeyedWrites } from './http/idempotency.ts';
import { outboxReplayHandler } from './modules/outbox/replay-handler.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { attachRealtime, type RealtimeServer } from './http/realtime.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { FAVICON_PATH } from './lib/favicon.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerHealth, type Health } from './http/health.ts';
import { createHttpServer } from './http/http-server.ts';
import type { SmsSetup } from './providers/sms/index.ts';
import type { CheckProvider } from './providers/checks/provider.ts';
import type { ProgressReporter } from './modules/checks/progress.ts';
import { ledgerHandlers } from './modules/ledger/handlers.ts';
import type { CheckRunner, RunnerOptions } from './jobs/check-runner.ts';
import { buildTemplateKit } from './modules/template-kit/wiring.ts';
import type { RepairStatusProvider } from './providers/repairs/provider.ts';
import { selectRepairProvider } from './providers/repairs/index.ts';
import { connectionHandlers, usableProvider } from './modules/connections/connections.ts';
import { buildRepairs, type RepairsModule } from './modules/repairs/wiring.ts';
import { buildAuth } from './modules/auth/wiring.ts';
import { buildAccounts } from './modules/account/wiring.ts';
import { buildChecks } from './modules/checks/wiring.ts';
import { buildWallet } from './modules/wallet/wiring.ts';
import { buildExports } from './modules/exports/wiring.ts';
import type { ModuleDeps } from './module-deps.ts';
import type { MonitorSchedulerOptions } from './jobs/monitor-scheduler.ts';
import type { PaymentProvider } from './providers/payment/provider.ts';
import type { ExportRunner, ExportRunnerOptions } from './jobs/export-runner.ts';
import { dashboardHandlers } from './modules/dashboards/handlers.ts';
import { buildCounter } from './modules/counter/wiring.ts';
import type { MessageSender, MessageSenderOptions } from './jobs/message-sender.ts';

export interface AppOptions {
  config: ServerConfig;
  db: Db;
  clock?: Clock;
  /** false silences logs (tests); default: the structured logger at config.logLevel. */
  logger?: boolean;
  /** Default: the SMS provider config.sms asks for (the sandbox outside production; none in production without one). */
  sms?: SmsSetup | null;
  /**
   * Where device checks go; without one, orders are taken but no job runner is built, except in
   * production, where they are refused (CHECKS_NOT_CONFIGURED) and a sandbox counts as none.
   */
  checkProvider?: CheckProvider | null;
  /** Job runner settings over config.jobRunner (tests: holdMaxMs 0 with a fake clock). */
  runner?: Partial<RunnerOptions>;
  /** Least time between two progress events of one order (default 250 ms). */
  progressThrottleMs?: number;
  /**
   * The repair-status source; default: the one config asks for (selectRepairProvider: the HTTP API,
   * else the sandbox outside production). null, or a sandbox in production: none, and repair
   * refreshes and watches answer REPAIRS_NOT_CONFIGURED.
   */
  repairProvider?: RepairStatusProvider | null;
  /** Repair refresh runner settings over config.jobRunner (tests). */
  repairRunner?: Partial<RunnerOptions>;
  /** Monitor scheduler settings over config.repairs (tests, benches). */
  monitor?: Partial<MonitorSchedulerOptions>;
  /** Default: the provider config.payment asks for (the sandbox outside production). */
  paymentProvider?: PaymentProvider | null;
  /** Export runner settings over config.exports and the defaults (tests: a temp dir, short leases). */
  exportRunner?: Partial<ExportRunnerOptions>;
  /** Customer message sender settings (tests: short leases, no backoff). */
  messageSender?: Partial<MessageSenderOptions>;
}

export interface App {
  app: FastifyInstance;
  io: RealtimeServer;
  servesPwa: boolean;
  /** The device-check job runner: started by main(), or driven by tests (runOnce). */
  runner: CheckRunner | null;
  progress: ProgressReporter;
  /** Repair refresh runner and monitor scheduler: started by main(), or driven by tests. */
  repairs: RepairsModule;
  /** The Excel export runner: started by main(), or driven by tests (runOnce, sweep). */
  exportRunner: ExportRunner;
  /** The sender of messages to customers (decision 0050): started by main(), or driven by tests (runOnce). */
  messages: MessageSender;
  /** /healthz and /readyz; main() marks the process draining on SIGTERM. */
  health: Health;
}

/** The Fastify instance: its logger, request ids, body limit and HTTP server, one log line per request. */
function createFastify(
  config: ServerConfig,
  limits: typeof DEFAULT_LIMITS,
  logger: boolean,
): FastifyInstance {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, config.logFormat) : false,
    // One line per request, written when it is answered (below), instead of Fastify's two (received,
    // completed): each line is a write to stdout, a measurable share of a list request's CPU.
    // (Fastify 5.12 deprecates the top-level disableRequestLogging option for the log controller.)
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // Slow bodies, silent connections and long handlers: server/http/http-server.ts.
    serverFactory: (handler) => createHttpServer(limits, handler),
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  return app;
}

/** Builds the whole server: tests build it too (and talk to it through inject, without a port). */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  logger = true,
  sms,
  checkProvider,
  runner: runnerOptions,
  progressThrottleMs,
  repairProvider,
  repairRunner,
  monitor,
  paymentProvider,
  exportRunner: exportRunnerOptions,
  messageSender,
}: AppOptions): Promise<App> {
  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  const app = createFastify(config, limits, logger);
  registerEnvelope(app);
  registerSecurityHeaders(app, config.staticDir);
  const health = registerHealth(app, db.db as unknown as Kysely<unknown>);
  // Services write through the fenced handle: a keyed request's transaction claims its request_id
  // (server/http/idempotency.ts). The job runner and the key store use the plain one.
  const unfencedDb = db.db;
  db = { ...db, db: fenceKeyedWrites(unfencedDb) };

  const limiter = new RateLimiter(db.db, clock);
  const auth = buildAuth({ db: db.db, clock, config, limiter, puzzlesPerMinute: limits.puzzlesPerMinute });
  const sessions = auth.sessions;

  const io = attachRealtime(
    app,
    auth.wsCodes,
    db.dialect === 'postgres' ? config.databaseUrl : undefined,
    config.socketAllowedOrigins,
  );

  const modules: ModuleDeps = { app, io, db: db.db, clock, config, limiter };
  // Issue 24: no sandbox answers in production, billed as real data (usableProvider drops them).
  const liveCheckProvider = usableProvider(config.production, checkProvider) ?? undefined;
  const liveRepairProvider = usableProvider(
    config.production,
    repairProvider === undefined ? selectRepairProvider(config, clock) : repairProvider,
  );
  const accounts = await buildAccounts({ ...modules, auth: auth.repo, sessions, sms });
  const checks = buildChecks({
    ...modules,
    unfencedDb,
    dialect: db.dialect,
    ...(liveCheckProvider ? { checkProvider: liveCheckProvider } : {}),
    runner: runnerOptions,
    progressThrottleMs,
  });
  const wallet = await buildWallet({ ...modules, paymentProvider });
  const exportJobs = buildExports({ ...modules, sessions, options: exportRunnerOptions });
  stopChecksOnClose(app, checks, exportJobs);
  const repairs = buildRepairs({
    ...modules,
    sessions,
    dialect: db.dialect,
    provider: liveRepairProvider,
    checkProvider: liveCheckProvider ?? null,
    runner: repairRunner,
    monitor,
    // The counter is built below (it hands devices to this intake); read at call time, not now.
    customers: { summary: (accountId, id) => counter.customers.summary(accountId, id) },
    // Devices back from Apple queue their tickets' messages in the same transaction (decision 0050).
    shippedBack: (trx, deviceIds) => counter.backFromApple(trx, deviceIds),
  });

  const templateKit = buildTemplateKit({ db: db.db, clock, io });

  // The counter hands devices sent to Apple to repair progress management's intake (decision 0047).
  const counter = buildCounter({
    app,
    io,
    db: db.db,
    clock,
    limiter,
    apple: {
      track: (trx, user, handoff) => repairs.intake.trackForCounter(trx, user, handoff),
      changed: (accountId, ids) => repairs.intake.devicesChanged(accountId, ids),
    },
    ...counterMessaging(config, unfencedDb, accounts.sms, messageSender, app.log),
  });

  const dispatch: EndpointDispatcher = registerEndpoints(
    app,
    {
      ...auth.handlers(io),
      ...accounts.handlers,
      ...checks.handlers,
      ...ledgerHandlers({ db: db.db }),
      ...templateKit.handlers,
      ...repairs.handlers,
      ...wallet.handlers,
      ...exportJobs.handlers,
      ...counter.handlers,
      ...connectionHandlers({ checks: checks.state, repairs: repairs.state }),
      ...dashboardHandlers({
        db: db.db,
        clock,
        repairSettings: repairs.settings,
        repairDevices: repairs.devices,
      }),
      // The batch runs each write through the dispatcher registerEndpoints answers (below).
      outboxReplay: outboxReplayHandler(() => dispatch),
    },
    sessions,
    new RequestKeys(unfencedDb, clock, limits.requestKeyLeaseMs),
  );

  templateKit.registerDemoApi(app, sessions);

  // A browser asks for /favicon.ico unless a page names its icon; the PWA's is an SVG.
  app.get('/favicon.ico', (_request, reply) => reply.redirect(FAVICON_PATH, 301));
  const servesPwa = await registerStaticFiles(app, config.staticDir);

  app.setNotFoundHandler((request) => {
    if (request.url.startsWith('/api/')) throw new AppError(ErrCode.NOT_FOUND);
    throw new AppError(ErrCode.NOT_FOUND, 'Not found');
  });
  return {
    app,
    io,
    servesPwa,
    runner: checks.runner,
    progress: checks.progress,
    repairs,
    exportRunner: exportJobs.runner,
    messages: counter.messages,
    health,
  };
}

/** How the counter's messages to customers are sent (decision 0050): the provider, its templates, the link's origin. */
function counterMessaging(
  config: ServerConfig,
  unfencedDb: Db['db'],
  sms: SmsSetup | null,
  sender: Partial<MessageSenderOptions> | undefined,
  log: FastifyInstance['log'],
) {
  return {
    unfencedDb,
    sms: sms?.provider ?? null,
    templateIdOf: (kind: string, lang: string) => config.sms?.counterTemplates?.[`${kind}_${lang}`],
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    log,
    sender,
  };
}

/** The checks' cleaner, runner and progress and the export runner stop with the app. */
function stopChecksOnClose(
  app: FastifyInstance,
  checks: ReturnType<typeof buildChecks>,
  exportJobs: ReturnType<typeof buildExports>,
): void {
  app.addHook('onClose', async () => {
    await checks.cleaner.close();
    await exportJobs.runner.stop();
    await checks.runner?.stop();
    checks.progress.stop();
  });
}
