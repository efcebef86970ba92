import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/connect.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loggerOptions } from './lib/logger.ts';
import { AppError } from './lib/app-error.ts';
import { registerEnvelope } from './plugins/envelope.ts';
import { registerEndpoints } from './plugins/endpoints.ts';
import { RequestKeys } from './plugins/idempotency.ts';
import { RateLimiter } from './plugins/rate-limit.ts';
import {
  accountRoom,
  attachRealtime,
  emitDataChanged,
  userRoom,
  type RealtimeServer,
} from './plugins/realtime.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
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
import { OrderService } from './modules/checks/order-service.ts';
import { ResultsService } from './modules/checks/results-service.ts';
import { ProgressReporter } from './modules/checks/progress.ts';
import { checksHandlers } from './modules/checks/handlers.ts';
import { ledgerHandlers } from './modules/ledger/handlers.ts';
import { CheckRunner, type RunnerOptions } from './jobs/check-runner.ts';

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
}

export interface App {
  app: FastifyInstance;
  io: RealtimeServer;
  servesPwa: boolean;
  /** The device-check job runner: started by main(), or driven by tests (runOnce). */
  runner: CheckRunner | null;
  progress: ProgressReporter;
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
}: AppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel) : false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
  });
  registerEnvelope(app);

  const repo = new AuthRepository(db.db);
  const limiter = new RateLimiter(db.db, clock);
  const puzzles = new PuzzleService(repo, clock, config.testPuzzleX);
  const sessions = new SessionService(repo, clock, config.sessionTtlMs);
  const login = new LoginService({ repo, puzzles, sessions, limiter, clock });
  const wsCodes = new WsCodeService(repo, clock);

  const io = attachRealtime(app, wsCodes);

  const notify: TeamNotifier = {
    sessionEnded: (userId, reason) => void io.to(userRoom(userId)).emit('session:ended', { reason }),
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
  const account = new AccountService({ db: db.db, sessions, sms: smsCodes, clock });
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
        db: db.db,
        dialect: db.dialect,
        provider: checkProvider,
        clock,
        onProgress: (orders) => progress.touched(orders),
        onError: (err) => app.log.error({ err }, 'check job runner'),
        options: { ...config.jobRunner, ...runnerOptions },
      })
    : null;
  const orders = new OrderService({
    db: db.db,
    clock,
    notify: {
      ordersChanged: (accountId, orderId) =>
        void io.to(accountRoom(accountId)).emit('checks:orders', { order_id: orderId }),
      jobsAdded: () => runner?.wake(),
    },
  });
  const results = new ResultsService({ db: db.db, clock });
  app.addHook('onClose', async () => {
    await runner?.stop();
    progress.stop();
  });

  registerEndpoints(
    app,
    {
      ...authHandlers({ login, puzzles, sessions }),
      ...realtimeHandlers({ wsCodes }),
      ...teamHandlers({ team }),
      ...accountHandlers({ account, signup }),
      ...wechatHandlers({ wechat, sessions }),
      ...checksHandlers({ db: db.db, orders, results }),
      ...ledgerHandlers({ db: db.db }),
    },
    sessions,
    new RequestKeys(db.db, clock),
  );

  const servesPwa = await registerStaticFiles(app, config.staticDir);

  app.setNotFoundHandler((request) => {
    if (request.url.startsWith('/api/')) throw new AppError(ErrCode.NOT_FOUND);
    throw new AppError(ErrCode.NOT_FOUND, 'Not found');
  });
  return { app, io, servesPwa, runner, progress };
}
