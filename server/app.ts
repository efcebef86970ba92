import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { ErrCode } from '#contract/errcodes.ts';
import { DEFAULT_LIMITS, type ServerConfig } from './config.ts';
import type { Db } from './db/connect.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { AppError } from './lib/app-error.ts';
import { registerEnvelope } from './plugins/envelope.ts';
import { registerEndpoints, type EndpointDispatcher } from './plugins/endpoints.ts';
import { RequestKeys, fencedDb } from './plugins/idempotency.ts';
import { outboxReplayHandler } from './modules/outbox/replay-handler.ts';
import { RateLimiter } from './plugins/rate-limit.ts';
import {
  accountRoom,
  attachRealtime,
  disconnectSessions,
  emitDataChanged,
  userRoom,
  type RealtimeServer,
} from './plugins/realtime.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerHealth, type Health } from './plugins/health.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { PuzzleService } from './modules/auth/puzzle-service.ts';
import { SessionService } from './modules/auth/session-service.ts';
import { LoginService } from './modules/auth/login-service.ts';
import { authHandlers } from './modules/auth/handlers.ts';
import { WsCodeService } from './modules/realtime/ws-code-service.ts';
import { realtimeHandlers } from './modules/realtime/handlers.ts';
import { TeamService, type TeamNotifier } from './modules/team/team-service.ts';
import { teamHandlers } from './modules/team/handlers.ts';
import { AccountRepository } from './modules/account/repository.ts';
import { SmsCodeService } from './modules/account/sms-code-service.ts';
import { AccountService } from './modules/account/account-service.ts';
import { SignupService } from './modules/account/signup-service.ts';
import { accountHandlers } from './modules/account/handlers.ts';
import type { SmsProvider } from './providers/sms/provider.ts';
import { SmsOutboxRepository } from './providers/sms/outbox-repository.ts';
import { SandboxSmsProvider } from './providers/sms/sandbox.ts';
import { registerSandboxSmsPage } from './providers/sms/sandbox-page.ts';
import { selectWechatProvider } from './providers/wechat/index.ts';
import { WechatRepository } from './modules/wechat/repository.ts';
import { WechatService } from './modules/wechat/wechat-service.ts';
import { wechatHandlers } from './modules/wechat/handlers.ts';
import { registerWechatRoutes } from './modules/wechat/routes.ts';
import type { CheckProvider } from './providers/checks/provider.ts';
import { OrderService, type OrderNotifier } from './modules/checks/order-service.ts';
import { ResultsService } from './modules/checks/results-service.ts';
import { ProgressReporter } from './modules/checks/progress.ts';
import { checksHandlers } from './modules/checks/handlers.ts';
import { ResultColumnsService } from './modules/checks/result-columns.ts';
import { ledgerHandlers } from './modules/ledger/handlers.ts';
import { CheckRunner, type RunnerOptions } from './jobs/check-runner.ts';
import { buildTemplateKit } from './modules/template-kit/wiring.ts';
import type { RepairStatusProvider } from './providers/repairs/provider.ts';
import { SandboxRepairProvider } from './providers/repairs/sandbox.ts';
import { buildRepairs, type RepairsModule } from './modules/repairs/wiring.ts';
import type { MonitorSchedulerOptions } from './jobs/monitor-scheduler.ts';
import { rechargeSettings } from './payment-config.ts';
import { selectPaymentProvider } from './providers/payment/index.ts';
import type { PaymentProvider } from './providers/payment/provider.ts';
import type { WalletNotifier } from './modules/wallet/notifier.ts';
import { PackageService } from './modules/wallet/package-service.ts';
import { RechargeService } from './modules/wallet/recharge-service.ts';
import { walletHandlers } from './modules/wallet/handlers.ts';
import { registerPaymentRoutes } from './modules/wallet/payment-routes.ts';
import { EXPORT_RUNNER_DEFAULTS, ExportRunner, type ExportRunnerOptions } from './jobs/export-runner.ts';
import { LinkSigner } from './modules/exports/link-signer.ts';
import { ExportService } from './modules/exports/export-service.ts';
import { exportHandlers } from './modules/exports/handlers.ts';
import { registerDownloadRoute } from './modules/exports/download-route.ts';
import { TesseractCli } from './modules/ocr/tesseract.ts';
import { OcrPool } from './modules/ocr/ocr-pool.ts';
import { ImageCleaner } from './modules/ocr/image-cleaner.ts';
import { OcrService } from './modules/ocr/ocr-service.ts';
import { dashboardHandlers } from './modules/dashboards/handlers.ts';

export interface AppOptions {
  config: ServerConfig;
  db: Db;
  clock?: Clock;
  /** false silences logs (tests); default: the structured logger at config.logLevel. */
  logger?: boolean;
  /** Default: the sandbox provider (server log + the development inbox /sandbox/sms). */
  sms?: SmsProvider;
  /** Where device checks go; without one, orders are taken but no job runner is built. */
  checkProvider?: CheckProvider;
  /** Job runner settings over config.jobRunner (tests: holdMaxMs 0 with a fake clock). */
  runner?: Partial<RunnerOptions>;
  /** Least time between two progress events of one order (default 250 ms). */
  progressThrottleMs?: number;
  /** The repair-status source; default: the sandbox (CHECKS_SANDBOX_LATENCY, REPAIR_SANDBOX_SPEED). */
  repairProvider?: RepairStatusProvider;
  /** Repair refresh runner settings over config.jobRunner (tests). */
  repairRunner?: Partial<RunnerOptions>;
  /** Monitor scheduler settings over config.repairs (tests, benches). */
  monitor?: Partial<MonitorSchedulerOptions>;
  /** Default: the provider config.payment asks for (the sandbox outside production). */
  paymentProvider?: PaymentProvider | null;
  /** Export runner settings over config.exports and the defaults (tests: a temp dir, short leases). */
  exportRunner?: Partial<ExportRunnerOptions>;
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
  /** /healthz and /readyz; main() marks the process draining on SIGTERM. */
  health: Health;
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
}: AppOptions): Promise<App> {
  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel) : false,
    // One line per request, written when it is answered (below), instead of Fastify's two (received,
    // completed): each line is a write to stdout, a measurable share of a list request's CPU.
    // (Fastify 5.12 deprecates the top-level disableRequestLogging option for the log controller.)
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // A body sent a byte at a time (slow loris) is cut at requestTimeout (Node answers 408), checked
    // every tenth of it; an idle connection is closed after connectionTimeout.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: limits.requestTimeoutMs,
          headersTimeout: Math.min(limits.requestTimeoutMs, 60_000),
          connectionsCheckingInterval: Math.max(
            100,
            Math.min(30_000, Math.floor(limits.requestTimeoutMs / 10)),
          ),
        },
        handler,
      );
      server.setTimeout(limits.connectionTimeoutMs);
      return server;
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  registerEnvelope(app);
  registerSecurityHeaders(app, config.staticDir);
  const health = registerHealth(app, db.db as unknown as Kysely<unknown>);
  // Services write through the fenced handle: a keyed request's transaction claims its request_id
  // (server/plugins/idempotency.ts). The job runner and the key store use the plain one.
  const plainDb = db.db;
  db = { ...db, db: fencedDb(plainDb) };

  const repo = new AuthRepository(db.db);
  const limiter = new RateLimiter(db.db, clock);
  const puzzles = new PuzzleService(repo, clock, config.testPuzzleX);
  const sessions = new SessionService(repo, clock, config.sessionTtlMs);
  const login = new LoginService({
    repo,
    puzzles,
    sessions,
    limiter,
    clock,
    puzzlesPerMinute: limits.puzzlesPerMinute,
  });
  const wsCodes = new WsCodeService(repo, clock);

  const io = attachRealtime(app, wsCodes, db.dialect === 'postgres' ? config.databaseUrl : undefined);

  const notify: TeamNotifier = {
    // Tell the user's devices why, then end their sockets: their codes died with the sessions.
    sessionEnded: (userId, reason) => {
      io.to(userRoom(userId)).emit('session:ended', { reason });
      disconnectSessions(io, { userId });
    },
    userChanged: (userId) => void io.to(userRoom(userId)).emit('user:changed', { user_id: userId }),
    dataChanged: (accountId, topics) => emitDataChanged(io, accountId, topics),
  };
  const team = new TeamService({ db: db.db, clock, notify });
  const outbox = new SmsOutboxRepository(db.db);
  const smsProvider = sms ?? new SandboxSmsProvider(outbox, clock, app.log);
  const smsCodes = new SmsCodeService({
    repo: new AccountRepository(db.db),
    provider: smsProvider,
    limiter,
    clock,
  });
  const account = new AccountService({
    db: db.db,
    sessions,
    sms: smsCodes,
    clock,
    limiter,
    otherSessionsEnded: (userId, keptSessionHash) =>
      disconnectSessions(io, { userId, exceptSessionHash: keptSessionHash }),
  });
  const signup = new SignupService({
    db: db.db,
    auth: repo,
    sessions,
    sms: smsCodes,
    limiter,
    clock,
    notify,
  });
  if (!config.production) registerSandboxSmsPage(app, outbox);

  const wechat = new WechatService({
    repo: new WechatRepository(db.db),
    auth: repo,
    sessions,
    limiter,
    clock,
    provider: selectWechatProvider(config),
  });
  await registerWechatRoutes(app, { wechat, production: config.production });

  const progress = new ProgressReporter({
    db: db.db,
    throttleMs: progressThrottleMs,
    sink: {
      progress: (accountId, payload) => void io.to(accountRoom(accountId)).emit('checks:progress', payload),
      ordersChanged: (accountId, orderId) =>
        void io.to(accountRoom(accountId)).emit('checks:orders', { order_id: orderId }),
    },
  });
  const runner = checkProvider
    ? new CheckRunner({
        db: plainDb,
        dialect: db.dialect,
        provider: checkProvider,
        clock,
        onProgress: (orders) => progress.touched(orders),
        onError: (err) => app.log.error({ err }, 'check job runner'),
        options: { ...config.jobRunner, ...runnerOptions },
      })
    : null;
  const orderNotify: OrderNotifier = {
    ordersChanged: (accountId, orderId) =>
      void io.to(accountRoom(accountId)).emit('checks:orders', { order_id: orderId }),
    jobsAdded: () => runner?.wake(),
  };
  const orders = new OrderService({ db: db.db, clock, notify: orderNotify });
  const results = new ResultsService({ db: db.db, clock });

  const walletNotify: WalletNotifier = {
    walletChanged: (accountId, reason, wallet, orderNo) => {
      io.to(accountRoom(accountId)).emit('wallet:changed', {
        reason,
        ...wallet,
        ...(orderNo ? { order_no: orderNo } : {}),
      });
      emitDataChanged(io, accountId, ['wallet', 'account']);
    },
    rechargeChanged: (accountId, orderNo, state) => {
      io.to(accountRoom(accountId)).emit('recharge:changed', { order_no: orderNo, state });
      emitDataChanged(io, accountId, ['wallet']);
    },
  };
  const packages = new PackageService({ db: db.db, clock, notify: walletNotify });
  const recharge = new RechargeService({
    db: db.db,
    clock,
    provider: paymentProvider === undefined ? selectPaymentProvider(config, db.db, clock) : paymentProvider,
    settings: rechargeSettings(config),
    notify: walletNotify,
    limiter,
    log: app.log,
  });
  await registerPaymentRoutes(app, { recharge, production: config.production });
  const exportOptions: ExportRunnerOptions = {
    ...EXPORT_RUNNER_DEFAULTS,
    dir: config.exports.dir,
    retentionMs: config.exports.retentionMs,
    ...exportRunnerOptions,
  };
  const exportRunner = new ExportRunner({
    db: db.db,
    clock,
    options: exportOptions,
    onProgress: (accountId, row) => void io.to(accountRoom(accountId)).emit('exports:progress', row),
    onError: (err) => app.log.error({ err }, 'export runner'),
  });
  const resultColumns = new ResultColumnsService({ db: db.db, clock });
  const exportService = new ExportService({
    db: db.db,
    clock,
    signer: new LinkSigner(db.db, config.exports.linkSecret),
    dir: exportOptions.dir,
    // An export without explicit columns writes the user's saved export set (issue 12).
    savedColumns: async (user) => (await resultColumns.get(user)).export,
    changed: (accountId, row) => {
      if (row?.state === 'pending') exportRunner.wake();
      if (row) io.to(accountRoom(accountId)).emit('exports:progress', row);
    },
  });
  registerDownloadRoute(app, { exports: exportService, sessions });
  const cleaner = new ImageCleaner();
  const ocr = new OcrService({
    pool: new OcrPool(new TesseractCli({ binary: config.ocr.binary }), config.ocr),
    sparse: new TesseractCli({ binary: config.ocr.binary, psm: 11 }),
    cleaner,
    limiter,
    onEngineError: (err) => app.log.error({ err }, 'text recognition'),
  });
  app.addHook('onClose', async () => {
    await cleaner.close();
    await exportRunner.stop();
    await runner?.stop();
    progress.stop();
  });
  const repairs = buildRepairs({
    app,
    io,
    db: db.db,
    dialect: db.dialect,
    clock,
    config,
    limiter,
    provider:
      repairProvider ??
      new SandboxRepairProvider({
        latency: config.checks?.sandboxLatency ?? 'realistic',
        speed: config.repairs?.sandboxSpeed ?? 1,
        clock,
      }),
    checkProvider: checkProvider ?? null,
    runner: repairRunner,
    monitor,
  });

  const templateKit = buildTemplateKit({ db: db.db, clock, io });

  const dispatch: EndpointDispatcher = registerEndpoints(
    app,
    {
      ...authHandlers({
        login,
        puzzles,
        sessions,
        sessionClosed: async (sessionHash) => {
          await repo.deleteWsCodesOfSession(sessionHash);
          disconnectSessions(io, { sessionHash });
        },
      }),
      ...realtimeHandlers({ wsCodes }),
      ...teamHandlers({ team }),
      ...accountHandlers({ account, signup }),
      ...wechatHandlers({ wechat, sessions }),
      ...checksHandlers({ db: db.db, clock, orders, results, notify: orderNotify }),
      ...ledgerHandlers({ db: db.db }),
      ...templateKit.handlers,
      ...repairs.handlers,
      ...walletHandlers({ packages, recharge }),
      ...exportHandlers({ exports: exportService }),
      ...dashboardHandlers({
        db: db.db,
        clock,
        repairSettings: repairs.settings,
        repairDevices: repairs.devices,
      }),
      identifySnImei: ({ user, input }) => ocr.identify(user, input.image),
      // The batch runs each write through the dispatcher registerEndpoints answers (below).
      outboxReplay: outboxReplayHandler(() => dispatch),
    },
    sessions,
    new RequestKeys(plainDb, clock, limits.requestKeyLeaseMs),
  );

  templateKit.registerDemoApi(app, sessions);

  const servesPwa = await registerStaticFiles(app, config.staticDir);

  app.setNotFoundHandler((request) => {
    if (request.url.startsWith('/api/')) throw new AppError(ErrCode.NOT_FOUND);
    throw new AppError(ErrCode.NOT_FOUND, 'Not found');
  });
  return { app, io, servesPwa, runner, progress, repairs, exportRunner, health };
}
