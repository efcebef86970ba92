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
import { RateLimiter } from './plugins/rate-limit.ts';
import { attachRealtime, type RealtimeServer } from './plugins/realtime.ts';
import { registerStaticFiles } from './plugins/static-files.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { PuzzleService } from './modules/auth/puzzle-service.ts';
import { SessionService } from './modules/auth/session-service.ts';
import { LoginService } from './modules/auth/login-service.ts';
import { authHandlers } from './modules/auth/handlers.ts';
import { WsCodeService } from './modules/realtime/ws-code-service.ts';
import { realtimeHandlers } from './modules/realtime/handlers.ts';

export interface AppOptions {
  config: ServerConfig;
  db: Db;
  clock?: Clock;
  /** false silences logs (tests); default: the structured logger at config.logLevel. */
  logger?: boolean;
}

export interface App {
  app: FastifyInstance;
  io: RealtimeServer;
  servesPwa: boolean;
}

/** Builds the whole server: tests build it too (and talk to it through inject, without a port). */
export async function buildApp({ config, db, clock = systemClock, logger = true }: AppOptions): Promise<App> {
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

  registerEndpoints(
    app,
    { ...authHandlers({ login, puzzles, sessions }), ...realtimeHandlers({ wsCodes }) },
    sessions,
  );

  const io = attachRealtime(app, wsCodes);
  const servesPwa = await registerStaticFiles(app, config.staticDir);

  app.setNotFoundHandler((request) => {
    if (request.url.startsWith('/api/')) throw new AppError(ErrCode.NOT_FOUND);
    throw new AppError(ErrCode.NOT_FOUND, 'Not found');
  });
  return { app, io, servesPwa };
}
