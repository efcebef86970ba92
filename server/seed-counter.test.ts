import { expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { moneyTotals } from '#contract/counter/money.ts';
import { DEFAULT_TICKET_FORMAT, formatTicketNo } from '#contract/counter/ticket-number.ts';
import {
  TICKET_STATUSES,
  isFinal,
  isPossibleHistory,
  type TicketStatus,
} from '#contract/counter/workflow.ts';
import { ticketListInput, type TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { connectDb } from './db/connect.ts';
import { CountMemo } from './db/count-memo.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';
import { localStamp } from './lib/shop-time.ts';
import { listTickets, readTicket } from './modules/counter/ticket-read.ts';
import { seedDemo } from './seed-demo.ts';

// 2026-03-01 17:00 in Shanghai, as the history's test: the day's intakes have happened.
const NOW = Date.UTC(2026, 2, 1, 9, 0, 0);
const DAY = 24 * 3600_000;

/** A fresh database with the demo shop as the server seeds it. */
async function seeded(url = ':memory:', history = false) {
  const handle = connectDb(url);
  await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
  const seed = await seedDemo(handle, { history, now: NOW });
  expect(seed.seeded).toBe(true);
  return handle;
}

/** The demo counter as the product reads it: every ticket through readTicket, oldest first. */
async function counter(db: Kysely<Database>) {
  const { account_id: accountId } = await db
    .selectFrom('users')
    .select('account_id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('tickets')
    .select(['id', 'no', 'no_text', 'account_id', 'customer_id', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const tickets = await Promise.all(rows.map((r) => readTicket(db, accountId, r.id)));
  return { accountId, rows, tickets };
}

/** What a run wrote, without ids and the status links (their key is random by design). */
const story = (tickets: TicketDetail[]) =>
  tickets.map((t) => ({
    ...t,
    id: 0,
    warranty_of: t.warranty_of === null ? null : tickets.findIndex((w) => w.id === t.warranty_of),
    devices: t.devices.map(({ ident, model, repair_device_id }) => ({ ident, model, repair_device_id })),
    lines: t.lines.map(({ id: _, ...l }) => l),
    payments: t.payments.map(({ id: _, voids, ...p }) => ({ ...p, voids: voids !== null })),
    events: t.events.map(({ id: _, ...e }) => e),
    messages: t.messages.map((m) => [m.trigger, m.state, m.created_at, m.sent_at]),
  }));

/** Rows of the counter's tables. */
async function counts(db: Kysely<Database>) {
  const out: Record<string, number> = {};
  for (const table of [
    'tickets',
    'ticket_devices',
    'ticket_lines',
    'ticket_payments',
    'ticket_events',
    'customer_messages',
    'customers',
    'repair_devices',
    'repair_batches',
  ] as const)
    out[table] = Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

it('fills the demo counter: two weeks of tickets in every status, settled as the product settles them', async () => {
  const handle = await seeded();
  const { db } = handle;
  try {
    const { accountId, rows, tickets } = await counter(db);
    expect(tickets.length).toBeGreaterThanOrEqual(12);
    expect(tickets.length).toBeLessThanOrEqual(20);
    expect([...new Set(tickets.map((t) => t.status))].sort()).toEqual([...TICKET_STATUSES].sort());
    // Taken in over the last two weeks, numbered in that order by the account's counter, each with
    // the shop's date of its intake.
    for (const [i, r] of rows.entries()) {
      expect(r.account_id).toBe(accountId);
      expect(r.created_at).toBeGreaterThan(NOW - 14 * DAY);
      expect(r.created_at).toBeLessThan(NOW);
      expect(r.no).toBe(i + 1);
      const stamp = localStamp('Asia/Shanghai', r.created_at);
      const date = { year: +stamp.slice(0, 4), month: +stamp.slice(4, 6), day: +stamp.slice(6, 8) };
      expect(r.no_text).toBe(formatTicketNo(DEFAULT_TICKET_FORMAT, r.no, date));
    }
    expect(new Set(rows.map((r) => r.no_text)).size).toBe(rows.length);
    const last = await db.selectFrom('ticket_counters').select(['account_id', 'last_no']).execute();
    expect(last).toEqual([{ account_id: accountId, last_no: rows.length }]);

    const techs = await db.selectFrom('users').select('id').execute();
    for (const t of tickets) {
      // Money: the totals are the sums of the entries, what is due the approved lines' total.
      const totals = moneyTotals(t.payments.map((p) => ({ ...p, amount: p.amount_fen })));
      expect([t.paid_fen, t.refunded_fen], t.no_text).toEqual([totals.paid, totals.refunded]);
      const approved = t.lines.filter((l) => l.state === 'approved');
      expect(t.due_fen, t.no_text).toBe(approved.reduce((n, l) => n + l.qty * l.unit_fen, 0));
      expect(t.outstanding_fen).toBe(t.due_fen - totals.held);
      expect(totals.held).toBeGreaterThanOrEqual(0);
      if (t.status === 'collected' || t.status === 'returned_unrepaired') expect(t.outstanding_fen).toBe(0);
      if (t.status === 'cancelled') expect(totals.held).toBe(0);
      // History: the workflow's moves from received, each with its line; closed ones stay closed.
      const moves = t.events.filter((e) => e.kind === 'status').map((e) => e.to_status as TicketStatus);
      expect(isPossibleHistory(moves), `${t.no_text}: ${moves.join(' ')}`).toBe(true);
      expect(moves.at(-1)).toBe(t.status);
      expect(t.events.map((e) => e.at)).toEqual(t.events.map((e) => e.at).sort((a, b) => a - b));
      expect(t.fault).toMatch(/[\u4e00-\u9fff]/);
      if (t.technician_id !== null) expect(techs.map((u) => u.id)).toContain(t.technician_id);
    }
    expect(tickets.some((t) => t.payments.some((p) => p.kind === 'void'))).toBe(true);
    expect(tickets.some((t) => t.payments.some((p) => p.kind === 'refund'))).toBe(true);
    expect(tickets.some((t) => t.events.some((e) => e.kind === 'note'))).toBe(true);

    // Every ticket is a demo customer's, on one of their tracked devices; those sent to Apple link it.
    const tracked = await db
      .selectFrom('repair_devices')
      .innerJoin('customers', 'customers.id', 'repair_devices.customer_id')
      .select([
        'repair_devices.id',
        'repair_devices.ident',
        'repair_devices.customer_id',
        'customers.account_id',
      ])
      .execute();
    for (const t of tickets) {
      expect(t.devices).toHaveLength(1);
      const device = tracked.find((d) => d.ident === t.devices[0]!.ident && d.customer_id === t.customer_id);
      expect(device, t.no_text).toBeDefined();
      expect(device!.account_id).toBe(accountId);
      const sent = t.events.some((e) => e.to_status === 'sent_to_apple');
      expect(t.devices[0]!.repair_device_id, t.no_text).toBe(sent ? device!.id : null);
    }
    expect(tickets.filter((t) => t.status === 'sent_to_apple').length).toBeGreaterThanOrEqual(2);
    // A warranty return of a collected ticket, on the same device.
    const warranty = tickets.find((t) => t.warranty_of !== null);
    const first = tickets.find((t) => t.id === warranty?.warranty_of);
    expect(first?.status).toBe('collected');
    expect(warranty!.devices[0]!.ident).toBe(first!.devices[0]!.ident);

    // One or two past their promised date, as the list's filter finds them.
    const overdue = await listTickets(
      db,
      accountId,
      ticketListInput.parse({ overdue: true }),
      NOW,
      CountMemo.forDb(db as never),
    );
    expect(overdue.total).toBeGreaterThanOrEqual(1);
    expect(overdue.total).toBeLessThanOrEqual(3);
    expect(overdue.list.every((t) => !isFinal(t.status))).toBe(true);

    // The customers' messages were sent (by the sandbox, at the time): none waits for a sender.
    const messages = await db.selectFrom('customer_messages').select(['state', 'provider']).execute();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.state === 'sent' && m.provider === 'sandbox')).toBe(true);

    // Seeded once: a second start writes nothing.
    const before = await counts(db);
    expect((await seedDemo(handle, { history: false, now: NOW + DAY })).seeded).toBe(false);
    expect(await counts(db)).toEqual(before);

    // The same counter on every run.
    const again = await seeded();
    expect(story((await counter(again.db)).tickets)).toEqual(story(tickets));
    await again.db.destroy();
  } finally {
    await db.destroy();
  }
}, 60_000);

it('fills it as well next to the 90 days of history', async () => {
  const { db } = await seeded(':memory:', true);
  try {
    const { tickets } = await counter(db);
    expect(tickets.length).toBeGreaterThanOrEqual(12);
    expect(new Set(tickets.map((t) => t.status)).size).toBeGreaterThanOrEqual(7);
    expect(tickets.some((t) => t.status === 'sent_to_apple')).toBe(true);
  } finally {
    await db.destroy();
  }
}, 120_000);

const pgUrl = process.env.REPAIROPS_TEST_PG_URL;
it.skipIf(!pgUrl)(
  'writes the same counter on PostgreSQL',
  async () => {
    const admin = connectDb(pgUrl as string);
    const name = 'repairops_seed_counter_test';
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    await admin.db.destroy();
    const url = new URL(pgUrl as string);
    url.pathname = `/${name}`;
    const pg = await seeded(url.toString());
    const lite = await seeded();
    try {
      expect(story((await counter(pg.db)).tickets)).toEqual(story((await counter(lite.db)).tickets));
      const before = await counts(pg.db);
      expect((await seedDemo(pg, { history: false, now: NOW })).seeded).toBe(false);
      expect(await counts(pg.db)).toEqual(before);
    } finally {
      await pg.db.destroy();
      await lite.db.destroy();
    }
  },
  60_000,
);
