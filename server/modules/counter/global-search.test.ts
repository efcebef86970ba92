import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefixUpperBound } from '#contract/counter/prefix-range.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

let s: TestServer;
let editor: string;
let ticketNo = '';

beforeAll(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
  const as = asUser(s, editor);
  const c = await endpointDatas(as, endpoints.customerSave, { name: 'Zhou Ba', phones: ['13688883344'] });
  const t = await endpointDatas(as, endpoints.ticketCreate, {
    customer_id: c.id,
    devices: [{ ident: testImei(7) }],
    fault: '不开机',
  });
  ticketNo = t.no_text;
  const batch = await endpointDatas(as, endpoints.repairBatchCreate, { title: 'b' });
  await endpointDatas(as, endpoints.repairIntake, {
    batch_id: batch.id,
    lines: [{ ident: testImei(7), repair_ids: ['G123456789'] }],
  });
});
afterAll(async () => {
  await s.close();
});

const search = async (q: string, token = editor) =>
  endpointDatas(asUser(s, token), endpoints.globalSearch, { q });

describe('global search', () => {
  it("finds the customer by their phone's last four digits", async () => {
    const hits = await search('3344');
    expect(hits.customers.map((h) => h.title)).toEqual(['Zhou Ba']);
  });

  it('finds the ticket and the tracked device by an IMEI, and the device by its Apple repair id', async () => {
    const byImei = await search(testImei(7));
    expect(byImei.tickets.map((h) => h.title)).toEqual([ticketNo]);
    expect(byImei.repair_devices.map((h) => h.title)).toEqual([testImei(7)]);
    expect(byImei.customers).toEqual([]);
    expect((await search('g123456789')).repair_devices.map((h) => h.title)).toEqual([testImei(7)]);
  });

  it("finds a ticket by its number's beginning, a customer by a name's beginning", async () => {
    expect((await search(ticketNo.slice(0, 4).toLowerCase())).tickets.map((h) => h.title)).toEqual([
      ticketNo,
    ]);
    expect((await search('zho')).customers.map((h) => h.title)).toEqual(['Zhou Ba']);
  });

  it("finds nothing of another shop's", async () => {
    const other = await addOtherShop(s);
    for (const q of ['3344', testImei(7), 'G123456789', ticketNo, 'zho']) {
      const hits = await search(q, other.token);
      expect(Object.values(hits).flat(), q).toEqual([]);
    }
  });
});

it('bounds a prefix range by moving its last character up', () => {
  expect(prefixUpperBound('ab')).toBe('ac');
  expect(prefixUpperBound('陈')).toBe('陉');
});
