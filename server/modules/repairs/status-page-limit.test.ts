import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// The customer status page's limit counts guesses (unknown tokens), not views (issue 25, point 7):
// a shop's customers share its address, and a burst of their valid links must not refuse the next.
let s: TestServer;
let linkPath: string;

beforeAll(async () => {
  s = await createTestServer();
  const token = await s.session();
  const call = async <D>(path: string, body: unknown) => {
    const r = await s.call<D>(path, body, { token });
    expect(r.errcode, `${path}: ${r.msg}`).toBe(0);
    return r.datas;
  };
  const batch = await call<{ id: number }>('/api/repair/batch_create', { title: '门店' });
  const intake = await call<{ device_ids: number[] }>('/api/repair/device_intake', {
    batch_id: batch.id,
    lines: [
      {
        ident: testImei(7),
        repair_ids: ['R100000007'],
        customer_name: '王五',
        customer_phone: '13800000007',
      },
    ],
  });
  linkPath = (
    await call<{ url_path: string }>('/api/repair/link_create', { device_id: intake.device_ids[0] })
  ).url_path;
});
afterAll(() => s.close());

const view = (url: string, ip: string) => s.app.inject({ method: 'GET', url, remoteAddress: ip });

describe('status page limit', () => {
  it('200 views of valid links from one address in a minute are all served', async () => {
    for (let i = 0; i < 200; i++)
      expect((await view(linkPath, '10.0.0.1')).statusCode, `view ${i + 1}`).toBe(200);
  });

  it('120 unknown tokens a minute from one address, then 429 for that address only; a minute later again', async () => {
    const unknown = (i: number) => `/status/${String(i).padStart(43, 'A')}`;
    for (let i = 0; i < 120; i++)
      expect((await view(unknown(i), '10.0.0.2')).statusCode, `guess ${i + 1}`).toBe(404);
    expect((await view(unknown(999), '10.0.0.2')).statusCode).toBe(429);
    // The address that guessed waits its minute for everything; other addresses are not affected.
    expect((await view(linkPath, '10.0.0.2')).statusCode).toBe(429);
    expect((await view(linkPath, '10.0.0.3')).statusCode).toBe(200);
    s.clock.advance(60_000);
    expect((await view(linkPath, '10.0.0.2')).statusCode).toBe(200);
  });
});
