import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { registerHealth } from './health.ts';
import Fastify from 'fastify';
import { connectDb } from '#server/db/connect.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

it('answers liveness and readiness with the process that answered', async () => {
  const live = await s.app.inject({ method: 'GET', url: '/healthz' });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toMatchObject({ status: 'ok', pid: process.pid });
  const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toMatchObject({ status: 'ready', pid: process.pid });
  expect(typeof ready.json().instance).toBe('string');
});

it('is not ready while draining (SIGTERM) or when the database does not answer', async () => {
  const app = Fastify();
  const health = registerHealth(app, s.db as never);
  expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  health.draining();
  const draining = await app.inject({ method: 'GET', url: '/readyz' });
  expect(draining.statusCode).toBe(503);
  expect(draining.json()).toMatchObject({ status: 'draining' });
  // Liveness is unaffected: the process still answers while it finishes its work.
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  // A database nobody listens on: every query is refused.
  const dead = connectDb('postgres://nobody@127.0.0.1:1/none');
  const down = Fastify();
  registerHealth(down, dead.db as never);
  const refused = await down.inject({ method: 'GET', url: '/readyz' });
  expect(refused.statusCode).toBe(503);
  await app.close();
  await down.close();
  await dead.db.destroy();
});
