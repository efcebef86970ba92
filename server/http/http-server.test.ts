// The HTTP server's time-outs over real sockets (issue 25, point 3), at a scale of 1 s idle for the
// production 30 s: a call that works three times the idle time (the production case: a 45 s
// recognition against 30 s) still gets its answer, while a silent connection and a slow body are cut.
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server.ts';

const IDLE_MS = 1000;
let app: FastifyInstance;
let port: number;

/** A provider that takes its time, as a loaded recognition or a slow payment gateway does. */
const slowProvider = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('done'), ms));

beforeEach(async () => {
  app = Fastify({
    serverFactory: (handler) =>
      createHttpServer({ requestTimeoutMs: 2000, connectionTimeoutMs: IDLE_MS }, handler),
  });
  app.post('/slow', async () => ({ answer: await slowProvider(3 * IDLE_MS) }));
  app.post('/fast', async () => ({ answer: 'now' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterEach(() => app.close());

/** Raw socket: what the server sends and when it closes, without a client's own time-outs. */
function rawSocket() {
  const socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let received = '';
  socket.on('data', (d) => (received += d.toString()));
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  return { socket, closed, received: () => received };
}

describe('HTTP time-outs', () => {
  it('a call that works three times the idle time-out still gets its answer', async () => {
    const { socket, closed, received } = rawSocket();
    socket.write(
      'POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    const answered = new Promise<number>((resolve) => {
      const started = Date.now();
      socket.on('data', () => received().includes('"answer":"done"') && resolve(Date.now() - started));
    });
    const race = await Promise.race([answered.then((ms) => ({ ms })), closed.then(() => 'closed' as const)]);
    expect(race, received()).not.toBe('closed');
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect((race as { ms: number }).ms).toBeGreaterThanOrEqual(3 * IDLE_MS - 50);
    socket.destroy();
  }, 10_000);

  it('a connection that sends nothing is still closed at the idle time-out', async () => {
    const { closed, received } = rawSocket();
    const ms = await closed;
    expect(ms).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(ms).toBeLessThan(3 * IDLE_MS);
    expect(received()).toBe('');
  }, 10_000);

  it('after an answer, a kept-alive connection that goes quiet is closed too', async () => {
    const { socket, closed, received } = rawSocket();
    socket.write(
      'POST /fast HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    const ms = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(7000); // Node's keepAliveTimeout (5 s) or the idle time-out, whichever first
  }, 10_000);

  it('a body sent a byte at a time (slow loris) is still cut at the request time-out (408)', async () => {
    const { socket, closed, received } = rawSocket();
    socket.write(
      'POST /fast HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const ms = await closed;
    clearInterval(drip);
    expect(ms).toBeLessThan(5000);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
  }, 10_000);
});
