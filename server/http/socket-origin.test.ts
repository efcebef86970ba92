// suite-on-postgresql: skip. engine.io's handshake, no SQL of its own: left out of the PostgreSQL run.
// socket.io takes pages of the app's own origin (and SOCKET_ALLOWED_ORIGINS), not any site's
// (issue 25, point 7): checked on the real server, at engine.io's handshake.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { parseAllowedOrigins } from './socket-origin.ts';

let s: TestServer | undefined;
afterEach(() => s?.close());

/** The first request of a polling handshake, with the headers a browser page would send. */
async function handshake(base: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${base}/socket.io/?EIO=4&transport=polling`, { headers });
  await res.arrayBuffer();
  return res.status;
}

describe('socket.io Origin check', () => {
  it('own origin and allow-listed origins pass; another site is refused (403); no Origin passes', async () => {
    s = await createTestServer({ config: { socketAllowedOrigins: ['https://shop.example.com'] } });
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const host = new URL(base).host;
    expect(await handshake(base, { origin: `http://${host}` })).toBe(200);
    expect(await handshake(base, { origin: 'https://shop.example.com' })).toBe(200);
    expect(await handshake(base, { origin: 'https://evil.example' })).toBe(403);
    expect(await handshake(base, { origin: `http://${host}.evil.example` })).toBe(403);
    expect(await handshake(base, { origin: 'null' })).toBe(403);
    // No Origin: not a page of another site (same-origin polling, or a non-browser client).
    expect(await handshake(base, {})).toBe(200);
  });

  it('SOCKET_ALLOWED_ORIGINS takes origins only', () => {
    expect(parseAllowedOrigins(' https://a.example , http://b.example:8080/ ')).toEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(parseAllowedOrigins(undefined)).toEqual([]);
    expect(() => parseAllowedOrigins('https://a.example/path')).toThrow(/origins only/);
    expect(() => parseAllowedOrigins('not a url')).toThrow(/not an origin/);
  });
});
