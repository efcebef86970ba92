import type { Kysely } from 'kysely';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/counter/money.ts';
import { TICKET_STATUSES, type TicketStatus } from '#contract/counter/workflow.ts';
import { COUNTER_DAY_OVERDUE_MAX, type CounterDay } from '#contract/schemas/counter-day.ts';
import type { Database } from '#server/db/schema.ts';
import { localStamp, shopTimeZone } from '#server/lib/shop-time.ts';
import { OPEN_TICKET_STATUSES } from './customer-repository.ts';

/** How far the zone's wall clock is ahead of UTC at `ms`. */
function offsetAt(timeZone: string, ms: number): number {
  const s = localStamp(timeZone, ms);
  const n = (from: number, to: number) => Number(s.slice(from, to));
  const wall = Date.UTC(n(0, 4), n(4, 6) - 1, n(6, 8), n(8, 10), n(10, 12), n(12, 14));
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant a wall-clock time happens: the offset measured again there (a DST change moves it). */
function instantOf(timeZone: string, wallMs: number, guessOffset: number): number {
  return wallMs - offsetAt(timeZone, wallMs - guessOffset);
}

/** The shop's day around `nowMs`: its date and the instants of its two midnights (a DST day is 23 or 25 h). */
export function shopDay(timeZone: string, nowMs: number): { date: string; startMs: number; endMs: number } {
  const s = localStamp(timeZone, nowMs);
  const [y, m, d] = [Number(s.slice(0, 4)), Number(s.slice(4, 6)), Number(s.slice(6, 8))];
  const offset = offsetAt(timeZone, nowMs);
  return {
    date: `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`,
    startMs: instantOf(timeZone, Date.UTC(y, m - 1, d), offset),
    endMs: instantOf(timeZone, Date.UTC(y, m - 1, d + 1), offset),
  };
}

/** What a money entry does to the drawer: deposits and payments come in, refunds and voids go out. */
const SIGN: Record<string, number> = { deposit: 1, payment: 1, refund: -1, void: -1 };

/**
 * The day at the counter (issue 26) for one shop, every read on an index of its account: today's
 * intakes and collections, takings per method from ticket_payments (net of refunds and voids entered
 * today), open tickets per status and technician, and the open ones past their promised date.
 */
export async function counterDay(
  db: Kysely<Database>,
  accountId: number,
  nowMs: number,
): Promise<CounterDay> {
  const timeZone = await shopTimeZone(db, accountId);
  const day = shopDay(timeZone, nowMs);
  const open = [...OPEN_TICKET_STATUSES];
  const tickets = () => db.selectFrom('tickets').where('tickets.account_id', '=', accountId);
  const [intakes, collections, money, byStatus, byTech, overdue, overdueTotal] = await Promise.all([
    tickets()
      .where('created_at', '>=', day.startMs)
      .where('created_at', '<', day.endMs)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    tickets()
      .where('status', '=', 'collected')
      .where('closed_at', '>=', day.startMs)
      .where('closed_at', '<', day.endMs)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('ticket_payments')
      .where('account_id', '=', accountId)
      .where('at', '>=', day.startMs)
      .where('at', '<', day.endMs)
      .select(['method', 'kind', (eb) => eb.fn.sum<number | string>('amount_fen').as('fen')])
      .groupBy(['method', 'kind'])
      .execute(),
    tickets()
      .where('status', 'in', open)
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('status')
      .execute(),
    // Counted on (account, status, technician) alone; the few names are read after.
    tickets()
      .where('status', 'in', open)
      .select(['technician_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('technician_id')
      .execute(),
    // The few longest overdue first, their customers' names read after (no join over every overdue one).
    tickets()
      .where('status', 'in', open)
      .where('promised_at', '<', nowMs)
      .select(['id', 'no_text', 'status', 'customer_id', 'promised_at'])
      .orderBy('promised_at')
      .orderBy('id')
      .limit(COUNTER_DAY_OVERDUE_MAX)
      .execute(),
    tickets()
      .where('status', 'in', open)
      .where('promised_at', '<', nowMs)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);

  const net = new Map<PaymentMethod, number>();
  for (const row of money) {
    const method = row.method as PaymentMethod;
    net.set(method, (net.get(method) ?? 0) + (SIGN[row.kind] ?? 0) * Number(row.fen ?? 0));
  }
  const takings = PAYMENT_METHODS.filter((m) => net.has(m)).map((method) => ({
    method,
    net_fen: net.get(method) ?? 0,
  }));
  const techIds = byTech.map((r) => r.technician_id).filter((id): id is number => id !== null);
  const names = new Map(
    techIds.length === 0
      ? []
      : (
          await db
            .selectFrom('users')
            .select(['id', 'real_name', 'username'])
            .where('account_id', '=', accountId)
            .where('id', 'in', techIds)
            .execute()
        ).map((u) => [u.id, u.real_name || u.username]),
  );
  const customerIds = [...new Set(overdue.map((r) => r.customer_id))];
  const customerNames = new Map(
    customerIds.length === 0
      ? []
      : (
          await db
            .selectFrom('customers')
            .select(['id', 'name'])
            .where('account_id', '=', accountId)
            .where('id', 'in', customerIds)
            .execute()
        ).map((c) => [c.id, c.name]),
  );
  const statusCount = new Map(byStatus.map((r) => [r.status, Number(r.n)]));
  return {
    date: day.date,
    time_zone: timeZone,
    intakes: Number(intakes.n),
    collections: Number(collections.n),
    takings,
    takings_total_fen: takings.reduce((sum, t) => sum + t.net_fen, 0),
    open_by_status: TICKET_STATUSES.filter((s) => (statusCount.get(s) ?? 0) > 0).map((status) => ({
      status,
      count: statusCount.get(status) ?? 0,
    })),
    open_by_technician: byTech
      .map((r) => ({
        technician_id: r.technician_id,
        name: r.technician_id === null ? '' : (names.get(r.technician_id) ?? ''),
        count: Number(r.n),
      }))
      .sort((a, b) => b.count - a.count || (a.technician_id ?? 0) - (b.technician_id ?? 0)),
    overdue: overdue.map((r) => ({
      id: r.id,
      no_text: r.no_text,
      status: r.status as TicketStatus,
      customer_name: customerNames.get(r.customer_id) ?? '',
      promised_at: Number(r.promised_at),
    })),
    overdue_total: Number(overdueTotal.n),
  };
}
