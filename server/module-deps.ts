import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './lib/clock.ts';
import type { RateLimiter } from './http/rate-limit.ts';
import type { RealtimeServer } from './http/realtime.ts';

/** What server/app.ts hands each module's builder (modules/<name>/wiring.ts). */
export interface ModuleDeps {
  app: FastifyInstance;
  io: RealtimeServer;
  /**
   * `fencedDb` (server/app.ts): the handle services read and write through. Inside a keyed request
   * its transactions claim the request_id first (server/http/idempotency.ts, fenceKeyedWrites).
   */
  db: Kysely<Database>;
  clock: Clock;
  config: ServerConfig;
  limiter: RateLimiter;
}
