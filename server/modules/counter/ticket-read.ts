import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import type { MoneyEntry } from '#contract/counter/money.ts';
import { TICKET_MOVES, type TicketStatus } from '#contract/counter/workflow.ts';
import {
  conditionSchema,
  ticketDetail,
  type TicketDetail,
  type ticketListInput,
} from '#contract/schemas/counter-tickets.ts';
import type { CountMemo } from '#server/db/count-memo.ts';
import type { Database, TicketsTable } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { messagesOf } from './message-rows.ts';
import type { SelectQueryBuilder, Selectable } from 'kysely';
import { OPEN_TICKET_STATUSES } from './customer-repository.ts';

export type TicketRecord = Selectable<TicketsTable>;
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** The ticket of the caller's shop, or TICKET_NOT_FOUND. Works on a transaction as well. */
export async function requireTicket(
  db: Kysely<Database>,
  accountId: number,
  id: number,
): Promise<TicketRecord> {
  const ticket = await db
    .selectFrom('tickets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!ticket) throw new AppError(ErrCode.TICKET_NOT_FOUND);
  return ticket;
}

export async function moneyEntriesOf(db: Kysely<Database>, ticketId: number): Promise<MoneyEntry[]> {
  const rows = await db
    .selectFrom('ticket_payments')
    .select(['id', 'kind', 'amount_fen', 'voids'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as MoneyEntry['kind'],
    amount: r.amount_fen,
    voids: r.voids,
  }));
}

function parseCondition(json: string) {
  try {
    return conditionSchema.parse(JSON.parse(json));
  } catch {
    return conditionSchema.parse({});
  }
}

/** Everything the ticket's page shows, in one read. */
export async function readTicket(db: Kysely<Database>, accountId: number, id: number): Promise<TicketDetail> {
  const t = await requireTicket(db, accountId, id);
  const [customer, devices, lines, payments, events, messages] = await Promise.all([
    db
      .selectFrom('customers')
      .select('name')
      .where('account_id', '=', accountId)
      .where('id', '=', t.customer_id)
      .executeTakeFirst(),
    db
      .selectFrom('ticket_devices')
      .select(['id', 'ident', 'sn', 'imei', 'model', 'repair_device_id'])
      .where('ticket_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ticket_lines')
      .select(['id', 'kind', 'description', 'qty', 'unit_fen', 'state'])
      .where('ticket_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ticket_payments')
      .select(['id', 'kind', 'method', 'amount_fen', 'voids', 'note', 'by_user', 'at'])
      .where('ticket_id', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ticket_events')
      .select(['id', 'kind', 'from_status', 'to_status', 'note', 'by_user', 'at'])
      .where('ticket_id', '=', id)
      .orderBy('id')
      .execute(),
    messagesOf(db, accountId, { ticketId: id }),
  ]);
  const held = t.paid_fen - t.refunded_fen;
  const status = t.status as TicketStatus;
  return ticketDetail.parse({
    id: t.id,
    no_text: t.no_text,
    status,
    customer_id: t.customer_id,
    customer_name: customer?.name ?? '',
    fault: t.fault,
    condition: parseCondition(t.condition),
    technician_id: t.technician_id,
    promised_at: seconds(t.promised_at),
    warranty_days: t.warranty_days,
    warranty_of: t.warranty_of,
    devices,
    lines,
    payments: payments.map((p) => ({ ...p, at: seconds(p.at) })),
    events: events.map((e) => ({ ...e, at: seconds(e.at) })),
    messages,
    due_fen: t.due_fen,
    paid_fen: t.paid_fen,
    refunded_fen: t.refunded_fen,
    outstanding_fen: t.due_fen - held,
    next: [...TICKET_MOVES[status]],
    version: t.version,
    created_at: seconds(t.created_at),
    updated_at: seconds(t.updated_at),
  });
}

/** One page of the shop's tickets, newest first. */
export async function listTickets(
  db: Kysely<Database>,
  accountId: number,
  input: z.output<typeof ticketListInput>,
  nowMs: number,
  totals: CountMemo,
) {
  let base = db.selectFrom('tickets').where('tickets.account_id', '=', accountId);
  if (input.status.length > 0) base = base.where('tickets.status', 'in', input.status);
  if (input.customer_id !== undefined) base = base.where('tickets.customer_id', '=', input.customer_id);
  if (input.technician_id !== undefined) base = base.where('tickets.technician_id', '=', input.technician_id);
  if (input.overdue)
    base = base
      .where('tickets.status', 'in', [...OPEN_TICKET_STATUSES])
      .where('tickets.promised_at', '<', nowMs);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('customers', 'customers.id', 'tickets.customer_id')
      .select([
        'tickets.id',
        'tickets.no_text',
        'tickets.status',
        'tickets.customer_id',
        'customers.name as customer_name',
        'tickets.technician_id',
        'tickets.promised_at',
        'tickets.due_fen',
        'tickets.paid_fen',
        'tickets.refunded_fen',
        'tickets.created_at',
      ])
      .orderBy('tickets.created_at', 'desc')
      .orderBy('tickets.id', 'desc')
      .offset((input.page - 1) * input.page_size)
      .limit(input.page_size)
      .execute(),
    // Overdue depends on the clock: its count is taken each time.
    input.overdue
      ? countOf(base)
      : totals.count(
          JSON.stringify(['tickets', accountId, input.status, input.customer_id, input.technician_id]),
          () => countOf(base),
        ),
  ]);
  const devices = await devicesOfTickets(
    db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      no_text: r.no_text,
      status: r.status as TicketStatus,
      customer_id: r.customer_id,
      customer_name: r.customer_name,
      devices: devices.get(r.id) ?? [],
      technician_id: r.technician_id,
      promised_at: seconds(r.promised_at),
      due_fen: r.due_fen,
      held_fen: r.paid_fen - r.refunded_fen,
      created_at: Math.floor(r.created_at / 1000),
    })),
    total,
  };
}

async function countOf(base: SelectQueryBuilder<Database, 'tickets', object>): Promise<number> {
  const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The list's "devices" column: each device's model, or its SN/IMEI when undecoded (one indexed read per page). */
async function devicesOfTickets(db: Kysely<Database>, ticketIds: number[]): Promise<Map<number, string[]>> {
  const byTicket = new Map<number, string[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .selectFrom('ticket_devices')
    .select(['ticket_id', 'ident', 'model'])
    .where('ticket_id', 'in', ticketIds)
    .orderBy('id')
    .execute();
  for (const r of rows) byTicket.set(r.ticket_id, [...(byTicket.get(r.ticket_id) ?? []), r.model || r.ident]);
  return byTicket;
}

/** The shop's enabled employees, by name (the ticket's technician picker). */
export async function listTechnicians(db: Kysely<Database>, accountId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'real_name', 'username'])
    .where('account_id', '=', accountId)
    .where('disabled', '=', 0)
    .orderBy('id')
    .execute();
  return { list: rows.map((r) => ({ id: r.id, name: r.real_name || r.username })) };
}
