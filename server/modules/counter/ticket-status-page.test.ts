import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ticketView, type TicketView } from '#contract/schemas/counter-tickets.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { asUser, callEndpoint, endpointDatas } from '#tests/setup/call-endpoint.ts';
import { counterEndpoint, type CounterEndpointName } from '#tests/setup/counter-endpoints.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';

let s: TestServer;
let editor: string;

beforeEach(async () => {
  s = await createTestServer();
  editor = await s.session('editor');
});
afterEach(async () => {
  await s.close();
});

async function ok(
  name: CounterEndpointName,
  body: Record<string, unknown>,
  token = editor,
): Promise<TicketView> {
  // The steps build their bodies from parts (the server checks them); the answer is checked here.
  const res = await callEndpoint(asUser(s, token), counterEndpoint[name], body as never);
  if (res.errcode !== 0) throw new Error(`${name}: ${res.errcode} ${res.msg}`);
  return ticketView.parse(res.datas);
}
async function newTicket(token = editor): Promise<TicketView> {
  const c = await endpointDatas(asUser(s, token), endpoints.customerSave, {
    name: '孙七',
    phones: ['13512345678'],
  });
  return ok(
    'ticket_create',
    { customer_id: c.id, devices: [{ ident: testImei(7) }], fault: '屏幕碎了' },
    token,
  );
}
const open = (path: string, lang = 'en') =>
  s.app.inject({ method: 'GET', url: path, headers: { 'accept-language': lang } });

describe('the ticket status link', () => {
  it('is the same on every answer of the ticket, so a receipt printed again carries the same QR code', async () => {
    const t = await newTicket();
    expect(t.status_link).toMatch(/^\/status\/t\/[A-Za-z0-9_-]{43}$/);
    const again = await ok('ticket_detail', { id: t.id });
    const moved = await ok('ticket_move', { id: t.id, version: t.version, to: 'diagnosing' });
    expect(again.status_link).toBe(t.status_link);
    expect(moved.status_link).toBe(t.status_link);
    const stored = await s.db
      .selectFrom('tickets')
      .select('link_hash')
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(stored.link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.status_link).not.toContain(stored.link_hash);
  });

  it("shows the status, number and model in the visitor's language, and nothing private", async () => {
    const t = await newTicket();
    await ok('ticket_move', { id: t.id, version: t.version, to: 'diagnosing' });
    const en = await open(t.status_link, 'en-GB,en;q=0.9');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    expect(en.body).toContain('Diagnosing');
    expect(en.body).toContain(t.no_text);
    expect(en.body).not.toContain(testImei(7));
    expect(en.body).not.toContain('孙七');
    expect(en.body).not.toContain('13512345678');
    expect(en.body).not.toContain('屏幕碎了');
    const zh = await open(t.status_link, 'zh-CN');
    expect(zh.body).toContain('检测中');
    const es = await open(t.status_link, 'es');
    expect(es.body).toContain('En diagnóstico');
  });

  it('answers 404, the same page, to an unknown or altered token', async () => {
    const t = await newTicket();
    const altered = t.status_link.slice(0, -1) + (t.status_link.endsWith('A') ? 'B' : 'A');
    for (const path of [altered, '/status/t/x', '/status/t/' + 'A'.repeat(43)]) {
      const res = await open(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link is not valid');
    }
  });

  it("gives each shop's tickets links of their own", async () => {
    const mine = await newTicket();
    const other = await addOtherShop(s);
    const theirs = await newTicket(other.token);
    expect(theirs.status_link).not.toBe(mine.status_link);
    expect((await open(theirs.status_link)).body).toContain(theirs.no_text);
    expect((await open(theirs.status_link)).body).toContain('隔壁手机店');
  });
});
