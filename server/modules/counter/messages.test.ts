import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, DEFAULT_TRIGGERS } from '#contract/counter/messages.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { customerDetailOutput, customerRow } from '#contract/schemas/counter-customers.ts';
import { counterSettingsOutput } from '#contract/schemas/counter-settings.ts';
import {
  ticketView as ticketDetail,
  type TicketView as TicketDetail,
} from '#contract/schemas/counter-tickets.ts';
import { SmsSendError, type SmsMessage, type SmsProvider } from '#server/providers/sms/provider.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { counterEndpoint, ticketStep, type CounterEndpointName } from '#tests/setup/counter-endpoints.ts';
import { createTestServer, type TestServer, type TestServerOptions } from '#tests/setup/server-harness.ts';
import {
  applyStatuses,
  DEVICE_STATE_COLUMNS,
  type DeviceState,
} from '#server/modules/repairs/apply-status.ts';
import { MessageQueue } from './message-queue.ts';
import { MessageRepository } from './message-repository.ts';
import { MessageSender } from '#server/jobs/message-sender.ts';

let s: TestServer;
let editor: string;
let admin: string;
afterEach(async () => {
  await s.close();
});

/** A provider that records what it was asked to send and fails as the test says. */
class FakeSms implements SmsProvider {
  readonly name = 'aliyun';
  readonly sandbox = false;
  readonly sent: SmsMessage[] = [];
  failures: Array<SmsSendError['kind']> = [];
  send(message: SmsMessage): Promise<void> {
    const fail = this.failures.shift();
    if (fail) return Promise.reject(new SmsSendError(fail, `fake ${fail}`));
    this.sent.push(message);
    return Promise.resolve();
  }
}

async function start(opts: TestServerOptions = {}) {
  s = await createTestServer(opts);
  editor = await s.session('editor');
  admin = await s.session('admin');
}
// Refusals, and answers a test parses itself, go by the contract's path; ok() checks the output schema.
const call = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  s.call(counterEndpoint[name].path, body, { token });
const ok = (name: CounterEndpointName, body: Record<string, unknown>, token = editor) =>
  ticketStep(s, name, body, token);
async function customer(extra: Record<string, unknown> = {}): Promise<number> {
  const c = await call('customer_save', { name: 'Ann Lee', phones: ['13512345678'], lang: 'en', ...extra });
  if (c.errcode !== 0) throw new Error(`customer_save: ${c.errcode} ${c.msg}`);
  return customerRow.parse(c.datas).id;
}
const step = (t: TicketDetail, to: string) => ok('ticket_move', { id: t.id, version: t.version, to });
/** A ticket walked to ready for pickup (a quote approved and paid on the way). */
async function readyTicket(customerId: number): Promise<TicketDetail> {
  let t = await ok('ticket_create', {
    customer_id: customerId,
    devices: [{ ident: testImei(3) }],
    fault: 'screen',
  });
  t = await step(t, 'diagnosing');
  t = await step(t, 'repairing');
  return step(t, 'ready');
}
const messageRows = () =>
  s.db
    .selectFrom('customer_messages')
    .select(['id', 'trigger', 'state', 'result', 'lang', 'text', 'attempts', 'run_after', 'provider'])
    .orderBy('id')
    .execute();
const settingsBody = (over: Record<string, unknown> = {}) => ({
  receipt_terms: 'Warranty 90 days.',
  ticket_format: 'T{YYYY}-{SEQ:5}',
  templates: structuredClone(DEFAULT_TEMPLATES),
  enabled: { ...DEFAULT_TRIGGERS },
  ...over,
});

describe('shop settings of the counter', () => {
  it('answers the defaults until an Admin saves; an Editor may read but not save', async () => {
    await start();
    const read = counterSettingsOutput.parse((await call('settings', {})).datas);
    expect(read).toMatchObject({
      ticket_format: 'R{YY}{MM}{DD}-{SEQ:4}',
      receipt_terms: '',
      next_ticket_no: 1,
    });
    expect(read.templates.ready_for_pickup.en).toContain('{link}');
    expect(read.enabled).toEqual(DEFAULT_TRIGGERS);
    const byEditor = await call('settings_save', settingsBody());
    expect(byEditor.errcode).not.toBe(0);
    expect((await call('settings', {})).datas).toMatchObject({ receipt_terms: '' });
  });

  it('saves whole, and the next ticket is numbered by the new format', async () => {
    await start();
    const saved = await call('settings_save', settingsBody(), admin);
    expect(saved.errcode).toBe(0);
    expect(counterSettingsOutput.parse(saved.datas)).toMatchObject({
      receipt_terms: 'Warranty 90 days.',
      ticket_format: 'T{YYYY}-{SEQ:5}',
    });
    const t = await ok('ticket_create', {
      customer_id: await customer(),
      devices: [{ ident: testImei(1) }],
      fault: 'x',
    });
    expect(t.no_text).toBe('T2026-00001');
    expect((await call('settings', {})).datas).toMatchObject({ next_ticket_no: 2 });
  });

  it('refuses a bad format, an unknown placeholder, an empty or too long template, each precisely, and keeps what was', async () => {
    await start();
    const refused = async (over: Record<string, unknown>) => call('settings_save', settingsBody(over), admin);
    expect((await refused({ ticket_format: 'R{YY}' })).errcode).toBe(ErrCode.COUNTER_TICKET_FORMAT_INVALID);
    const typo = settingsBody();
    typo.templates.ready_for_pickup.es = 'Hola {cliente}, listo: {link}';
    const unknown = await call('settings_save', typo, admin);
    expect(unknown).toMatchObject({
      errcode: ErrCode.MESSAGE_PLACEHOLDER_UNKNOWN,
      datas: { kind: 'ready_for_pickup', lang: 'es', names: ['cliente'] },
    });
    const long = settingsBody();
    long.templates.quote_ready.zh = '您好'.repeat(150);
    expect(await call('settings_save', long, admin)).toMatchObject({
      errcode: ErrCode.MESSAGE_TEMPLATE_TOO_LONG,
      datas: { kind: 'quote_ready', lang: 'zh', max_segments: 4 },
    });
    const empty = settingsBody();
    empty.templates.sent_to_apple.en = '  ';
    expect(await call('settings_save', empty, admin)).toMatchObject({
      errcode: ErrCode.MESSAGE_TEMPLATE_EMPTY,
      datas: { kind: 'sent_to_apple', lang: 'en' },
    });
    expect(await s.db.selectFrom('counter_settings').selectAll().execute()).toEqual([]);
  });

  it("is each shop's own: another shop reads its defaults and its messages stay its own", async () => {
    await start();
    await call('settings_save', settingsBody({ receipt_terms: 'Ours' }), admin);
    const other = await addOtherShop(s);
    expect((await call('settings', {}, other.token)).datas).toMatchObject({
      receipt_terms: '',
      next_ticket_no: 1,
    });
    const cid = await customer();
    const t = await readyTicket(cid);
    expect((await call('ticket_detail', { id: t.id }, other.token)).errcode).toBe(ErrCode.TICKET_NOT_FOUND);
    expect((await call('customer_detail', { id: cid }, other.token)).errcode).toBe(
      ErrCode.CUSTOMER_NOT_FOUND,
    );
  });
});

describe('messages queued with the move', () => {
  it("queues ready for pickup in the customer's language, in the move's transaction, and the sandbox sends it once", async () => {
    await start();
    const edited = settingsBody({ ticket_format: 'R{YY}{MM}{DD}-{SEQ:4}' });
    edited.templates.ready_for_pickup.en = 'Dear {customer}, {device} ready. Ticket {ticket}. {link} {shop}';
    expect((await call('settings_save', edited, admin)).errcode).toBe(0);
    const cid = await customer();
    const t = await readyTicket(cid);
    const [queued] = await messageRows();
    expect(queued).toMatchObject({ trigger: 'ready_for_pickup', state: 'queued', lang: 'en' });
    const device = t.devices[0]!.model ?? t.devices[0]!.ident;
    expect(queued!.text).toMatch(new RegExp(`^Dear Ann Lee, ${device} ready\\. Ticket ${t.no_text}\\. `));
    expect(t.messages.map((m) => m.state)).toEqual(['queued']);
    // {link} is the ticket's own customer status link, the one its receipts print.
    const link = t.status_link;
    expect(link).toMatch(/^\/status\/t\/[A-Za-z0-9_-]{43}$/);
    expect(queued!.text).toContain(` ${link} `);

    expect(await s.messages.runOnce()).toBe(1);
    expect(await s.messages.runOnce()).toBe(0);
    const outbox = await s.db.selectFrom('sms_outbox').select(['phone', 'text']).execute();
    expect(outbox).toEqual([{ phone: '13512345678', text: queued!.text }]);
    const detail = ticketDetail.parse((await call('ticket_detail', { id: t.id })).datas);
    expect(detail.messages).toMatchObject([
      { state: 'sent', result: '', attempts: 1, trigger: 'ready_for_pickup' },
    ]);
    expect(detail.messages[0]!.sent_at).not.toBeNull();
    const page = customerDetailOutput.parse((await call('customer_detail', { id: cid })).datas);
    expect(page.messages).toMatchObject([{ state: 'sent', ticket_id: t.id, text: queued!.text }]);
  });

  it('writes no message when the move is refused, and none for a kind the shop switched off', async () => {
    await start();
    const cid = await customer();
    let t = await ok('ticket_create', { customer_id: cid, devices: [{ ident: testImei(2) }], fault: 'x' });
    const stale = await call('ticket_move', { id: t.id, version: t.version + 1, to: 'diagnosing' });
    expect(stale.errcode).toBe(ErrCode.TICKET_STALE);
    // waiting_approval without a quote line is refused: its quote_ready message is not written either.
    t = await step(t, 'diagnosing');
    expect(
      (await call('ticket_move', { id: t.id, version: t.version, to: 'waiting_approval' })).errcode,
    ).toBe(ErrCode.TICKET_QUOTE_MISSING);
    await call(
      'settings_save',
      settingsBody({ enabled: { ...DEFAULT_TRIGGERS, ready_for_pickup: false } }),
      admin,
    );
    t = await step(t, 'repairing');
    await step(t, 'ready');
    expect(await messageRows()).toEqual([]);
  });

  it('skips, with the reason, a customer who opted out or has no phone; nothing is sent', async () => {
    await start();
    await readyTicket(await customer({ sms_opt_out: true }));
    await readyTicket(await customer({ name: 'No Phone', phones: [] }));
    expect((await messageRows()).map((m) => [m.state, m.result])).toEqual([
      ['skipped', 'opted_out'],
      ['skipped', 'no_phone'],
    ]);
    expect(await s.messages.runOnce()).toBe(0);
    expect(await s.db.selectFrom('sms_outbox').select('id').execute()).toEqual([]);
  });
});

describe('the sender', () => {
  it('marks every message not_configured in production without a provider: never silently dropped', async () => {
    await start({ sms: null });
    const t = await readyTicket(await customer());
    await s.messages.runOnce();
    const detail = ticketDetail.parse((await call('ticket_detail', { id: t.id })).datas);
    expect(detail.messages).toMatchObject([{ state: 'failed', result: 'not_configured' }]);
  });

  it('tries a transient failure again after a backoff, and gives a refused number up at once', async () => {
    const sms = new FakeSms();
    await start({
      sms: { provider: sms, templates: {} },
      config: { sms: { provider: 'aliyun', counterTemplates: { ready_for_pickup_en: 'SMS_1' } } },
      messageSender: { backoffBaseMs: 10_000, backoffMaxMs: 10_000 },
    });
    sms.failures = ['throttled'];
    await readyTicket(await customer());
    await s.messages.runOnce();
    let [m] = await messageRows();
    expect(m).toMatchObject({ state: 'queued', result: 'throttled', attempts: 1 });
    expect(m!.run_after).toBeGreaterThan(s.clock.now());
    expect(await s.messages.runOnce()).toBe(0);
    s.clock.advance(10_001);
    await s.messages.runOnce();
    [m] = await messageRows();
    expect(m).toMatchObject({ state: 'sent', result: '', attempts: 2, provider: 'aliyun' });
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]).toMatchObject({ templateId: 'SMS_1', phone: '13512345678' });
    expect(sms.sent[0]!.params).toMatchObject({ customer: 'Ann Lee' });

    sms.failures = ['refused'];
    await readyTicket(await customer({ name: 'Bo', phones: ['13600000000'] }));
    await s.messages.runOnce();
    expect((await messageRows())[1]).toMatchObject({ state: 'failed', result: 'refused', attempts: 1 });
  });

  it('marks a message no_template when the real provider has no registered template for its kind and language', async () => {
    const sms = new FakeSms();
    await start({ sms: { provider: sms, templates: {} } });
    await readyTicket(await customer());
    await s.messages.runOnce();
    expect((await messageRows())[0]).toMatchObject({ state: 'failed', result: 'no_template' });
    expect(sms.sent).toEqual([]);
  });
});

describe('exactly once across a crash', () => {
  it('a sender killed between claim and send: the message is sent once, after its lease', async () => {
    const sms = new FakeSms();
    await start({
      sms: { provider: sms, templates: {} },
      config: { sms: { provider: 'aliyun', counterTemplates: { ready_for_pickup_en: 'SMS_1' } } },
    });
    await readyTicket(await customer());
    // The dead sender's claim: leased, never handed to the provider.
    const claimed = await new MessageRepository(s.db).claim('dead:1', s.clock.now(), 60_000, 10);
    expect(claimed).toHaveLength(1);
    expect(await s.messages.runOnce()).toBe(0);
    s.clock.advance(60_001);
    expect(await s.messages.runOnce()).toBe(1);
    expect(await s.messages.runOnce()).toBe(0);
    expect(sms.sent).toHaveLength(1);
    expect((await messageRows())[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a sender killed during the send: never sent a second time, marked interrupted', async () => {
    const sms = new FakeSms();
    await start({
      sms: { provider: sms, templates: {} },
      config: { sms: { provider: 'aliyun', counterTemplates: { ready_for_pickup_en: 'SMS_1' } } },
    });
    await readyTicket(await customer());
    const repo = new MessageRepository(s.db);
    const [m] = await repo.claim('dead:2', s.clock.now(), 60_000, 10);
    expect(await repo.markSending(m!.id, 'dead:2', s.clock.now(), 60_000)).toBe(true);
    s.clock.advance(60_001);
    expect(await s.messages.runOnce()).toBe(0);
    expect(sms.sent).toEqual([]);
    expect((await messageRows())[0]).toMatchObject({ state: 'failed', result: 'interrupted' });
  });

  it('two senders at once: each message goes out once', async () => {
    const sms = new FakeSms();
    await start({
      sms: { provider: sms, templates: {} },
      config: { sms: { provider: 'aliyun', counterTemplates: { ready_for_pickup_en: 'SMS_1' } } },
    });
    for (const phone of ['13500000001', '13500000002', '13500000003'])
      await readyTicket(await customer({ name: phone, phones: [phone] }));
    const other = new MessageSender({
      db: s.db,
      clock: s.clock,
      provider: sms,
      templateIdOf: () => 'SMS_1',
    });
    await Promise.all([s.messages.runOnce(), other.runOnce(), s.messages.runOnce()]);
    expect(sms.sent.map((m) => m.phone).sort()).toEqual(['13500000001', '13500000002', '13500000003']);
    expect((await messageRows()).map((m) => m.state)).toEqual(['sent', 'sent', 'sent']);
  });
});

describe('back from Apple', () => {
  it('queues back_from_apple once for the open ticket of a tracked device shipped back', async () => {
    await start();
    await call(
      'settings_save',
      settingsBody({ enabled: { ...DEFAULT_TRIGGERS, back_from_apple: true } }),
      admin,
    );
    let t = await ok('ticket_create', {
      customer_id: await customer(),
      devices: [{ ident: testImei(4) }],
      fault: 'x',
    });
    t = await step(t, 'diagnosing');
    t = await step(t, 'sent_to_apple');
    const linked = await s.db
      .selectFrom('ticket_devices')
      .select('repair_device_id')
      .where('ticket_id', '=', t.id)
      .executeTakeFirstOrThrow();
    // Repair progress management reports the device shipped back (apply-status.ts) ...
    const deviceId = linked.repair_device_id!;
    await s.db
      .updateTable('repair_devices')
      .set({ repair_ids: JSON.stringify(['R123456789']), progress: 'repaired' })
      .where('id', '=', deviceId)
      .execute();
    const shipped = await s.db.transaction().execute(async (trx) => {
      const device = await trx
        .selectFrom('repair_devices')
        .select(DEVICE_STATE_COLUMNS)
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow();
      const status = {
        eligibility: null,
        progress: 'shipped_back' as const,
        quote_deadline_ms: null,
        quote_amount: null,
        return_logistics: null,
        return_tracking: null,
        new_sn: null,
        new_imei: null,
        model: null,
      };
      return (
        await applyStatuses(
          trx,
          [{ device: device as DeviceState, status, sandbox: true }],
          'provider',
          s.clock.now(),
        )
      ).shippedBack;
    });
    expect(shipped).toEqual([deviceId]);
    // ... and the counter, told of it in that transaction (the wiring's hook), queues the message once.
    const queue = new MessageQueue({
      clock: s.clock,
      linkOf: () => Promise.resolve('/status/t/x'),
      log: { info: () => {} },
    });
    for (let i = 0; i < 2; i++)
      await s.db
        .transaction()
        .execute((trx) => queue.queueForTrackedDevices(trx, [linked.repair_device_id!]));
    const back = (await messageRows()).filter((m) => m.trigger === 'back_from_apple');
    expect(back).toHaveLength(1);
    expect(back[0]!.text).toContain('/status/t/x');
    expect(back[0]!.text).toContain('back from Apple');
  });
});
