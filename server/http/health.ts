import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { instanceId } from '#server/lib/instance-id.ts';

export interface Health {
  /** Marks the process as leaving: /readyz answers 503 so the proxy stops sending it new requests. */
  draining(): void;
}

/**
 * GET /healthz (liveness: the process answers) and GET /readyz (readiness: the database answers and
 * the process is not shutting down). Outside /api and its envelope: load balancers read the status.
 */
export function registerHealth(app: FastifyInstance, db: Kysely<unknown>): Health {
  let draining = false;
  const base = () => ({ instance: instanceId(), pid: process.pid });
  app.get('/healthz', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok', ...base() }),
  );
  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    if (draining) return reply.code(503).send({ status: 'draining', ...base() });
    try {
      await sql`SELECT 1`.execute(db);
    } catch {
      return reply.code(503).send({ status: 'database unavailable', ...base() });
    }
    return reply.send({ status: 'ready', ...base() });
  });
  return {
    draining: () => {
      draining = true;
    },
  };
}
