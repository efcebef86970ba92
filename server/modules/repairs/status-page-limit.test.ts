import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

// The customer status page's limit counts guesses (unknown tokens), not views (issue 25, point 7):
// a shop's customers share its address, and a burst of their valid links must not refuse the next.
let s: TestServer;
let linkPath: string;

beforeAll(async () => {
  s = await createTestServer();
  const token = await s.session();
  const as = asUser(s, token);
  const batch = await endpointDatas(as, endpoints.repairBatchCreate, { title: '门店' });
  const intake = await endpointDatas(as, endpoints.repairIntake, {
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
  linkPath = (await endpointDatas(as, endpoints.customerLinkCreate, { device_id: intake.device_ids[0]! }))
    .url_path;
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
