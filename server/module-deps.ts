import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './plugins/rate-limit.ts';
import type { RealtimeServer } from './plugins/realtime.ts';

/** What server/app.ts hands each module's builder (modules/<name>/wiring.ts). */
export interface ModuleDeps {
  app: FastifyInstance;
  io: RealtimeServer;
  /** The fenced handle services write through (server/app.ts says why). */
  db: Kysely<Database>;
  clock: Clock;
  config: ServerConfig;
  limiter: RateLimiter;
}
