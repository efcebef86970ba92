import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { ErrCode, type ErrCodeValue } from '#contract/errcodes.ts';
import {
  moneyTotals,
  refuseEntry,
  voidAmount,
  type MoneyRefusal,
  type NewEntry,
} from '#contract/counter/money.ts';
import { MOVE_MESSAGE } from '#contract/counter/messages.ts';
import { formatTicketNo } from '#contract/counter/ticket-number.ts';
import { isFinal, refuseMove, type MoveRefusal, type TicketStatus } from '#contract/counter/workflow.ts';
import { decodeIdentifier } from '#contract/identifiers/decode.ts';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import type {
  TicketDetail,
  ticketCreateInput,
  ticketLineAddInput,
  ticketMoveInput,
  ticketPayInput,
  ticketQuoteDecideInput,
  ticketRefundInput,
  ticketVoidInput,
} from '#contract/schemas/counter-tickets.ts';
import type { Database } from '#server/db/schema.ts';
import { localStamp, shopTimeZone } from '#server/lib/shop-time.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import type { CustomerService } from './customer-service.ts';
import type { MessageQueue } from './message-queue.ts';
import { readCounterSettings } from './settings-service.ts';
import { moneyEntriesOf, readTicket, requireTicket, type TicketRecord } from './ticket-read.ts';

/**
 * How a ticket's devices reach repair progress management when sent to Apple: the repairs module
 * provides it (server/app.ts wires its intake in), so the counter imports nothing of it.
 */
export interface AppleHandoff {
  track(
    trx: Transaction<Database>,
    user: AuthUser,
    handoff: {
      title: string;
      customer: { id: number; name: string; phone: string };
      devices: Array<{ ident: string; sn: string | null; imei: string | null; model: string | null }>;
    },
  ): Promise<number[]>;
  /** After the ticket's transaction has committed: the tracked devices' pages refetch. */
  changed(accountId: number, ids: number[]): void;
}

const MOVE_ERRCODE: Record<MoveRefusal, ErrCodeValue> = {
  not_allowed: ErrCode.TICKET_MOVE_NOT_ALLOWED,
  quote_missing: ErrCode.TICKET_QUOTE_MISSING,
  quote_undecided: ErrCode.TICKET_QUOTE_UNDECIDED,
  not_paid: ErrCode.TICKET_NOT_PAID,
  overpaid: ErrCode.TICKET_OVERPAID,
  money_held: ErrCode.TICKET_MONEY_HELD,
};
const MONEY_ERRCODE: Record<MoneyRefusal, ErrCodeValue> = {
  amount_invalid: ErrCode.INVALID_INPUT,
  more_than_due: ErrCode.MONEY_MORE_THAN_DUE,
  more_than_held: ErrCode.MONEY_MORE_THAN_HELD,
  void_unknown: ErrCode.MONEY_VOID_INVALID,
  void_twice: ErrCode.MONEY_VOID_INVALID,
  void_would_go_negative: ErrCode.MONEY_MORE_THAN_HELD,
  ticket_closed: ErrCode.TICKET_CLOSED,
};

/** The shop's calendar date at `ms` on its wall clock (server/lib/shop-time.ts). */
async function shopDate(db: Kysely<Database>, accountId: number, ms: number) {
  const stamp = localStamp(await shopTimeZone(db, accountId), ms);
  return {
    year: Number(stamp.slice(0, 4)),
    month: Number(stamp.slice(4, 6)),
    day: Number(stamp.slice(6, 8)),
  };
}

/** Decodes the device lines offline; every line that is not a new, valid SN or IMEI is refused. */
function ticketDevices(lines: Array<{ ident: string }>) {
  const seen = new Set<string>();
  const rejected: string[] = [];
  const devices = [];
  for (const line of lines) {
    const parsed = parseIdentifier(line.ident);
    if (!parsed.ok || seen.has(parsed.value)) {
      rejected.push(line.ident);
      continue;
    }
    seen.add(parsed.value);
    const facts = decodeIdentifier(parsed.value, parsed.form);
    const model = facts.imei?.model ?? facts.serial?.model ?? null;
    devices.push({
      ident: parsed.value,
      sn: parsed.kind === 'sn' ? parsed.value : null,
      imei: parsed.kind === 'imei' ? parsed.value : null,
      model,
    });
  }
  if (rejected.length > 0) throw new AppError(ErrCode.TICKET_DEVICE_INVALID, undefined, { rejected });
  return devices;
}

/**
 * Repair tickets (decision 0047): each write is one transaction on the fenced handle (exactly once
 * under a request_id), checks the version the caller read, and keeps the ticket's money totals with
 * the entry that changes them.
 */
export class TicketService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly customers: CustomerService;
  private readonly apple: AppleHandoff | undefined;
  private readonly messages: { queue: MessageQueue; queued: () => void } | undefined;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    customers: CustomerService;
    apple?: AppleHandoff;
    /** Messages to the customer on the status changes the shop chose (decision 0050); `queued` wakes the sender. */
    messages?: { queue: MessageQueue; queued: () => void };
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.customers = deps.customers;
    this.apple = deps.apple;
    this.messages = deps.messages;
  }

  async create(user: AuthUser, input: z.output<typeof ticketCreateInput>): Promise<TicketDetail> {
    const devices = ticketDevices(input.devices);
    const now = this.clock.now();
    const account = user.account_id;
    const id = await this.db.transaction().execute(async (trx) => {
      const customer = await this.customers.require(account, input.customer_id, trx);
      if (input.technician_id !== undefined) await this.requireTechnician(trx, account, input.technician_id);
      if (input.warranty_of !== undefined) await requireTicket(trx, account, input.warranty_of);
      const counter = await trx
        .insertInto('ticket_counters')
        .values({ account_id: account, last_no: 1 })
        .onConflict((oc) =>
          oc.column('account_id').doUpdateSet((eb) => ({ last_no: eb('ticket_counters.last_no', '+', 1) })),
        )
        .returning('last_no')
        .executeTakeFirstOrThrow();
      const noText = formatTicketNo(
        (await readCounterSettings(trx, account)).ticket_format,
        counter.last_no,
        await shopDate(trx, account, now),
      );
      const ticket = await trx
        .insertInto('tickets')
        .values({
          account_id: account,
          no: counter.last_no,
          no_text: noText,
          customer_id: customer.id,
          status: 'received',
          fault: input.fault,
          condition: JSON.stringify(input.condition),
          technician_id: input.technician_id ?? null,
          promised_at: input.promised_at === undefined ? null : input.promised_at * 1000,
          warranty_days: input.warranty_days,
          warranty_of: input.warranty_of ?? null,
          created_by: user.user_id,
          created_at: now,
          updated_at: now,
          closed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ticket_devices')
        .values(
          devices.map((d) => ({ ...d, account_id: account, ticket_id: ticket.id, repair_device_id: null })),
        )
        .execute();
      await this.event(trx, account, ticket.id, user, 'status', null, 'received', '');
      if (input.deposit) {
        await trx
          .insertInto('ticket_payments')
          .values({
            account_id: account,
            ticket_id: ticket.id,
            kind: 'deposit',
            method: input.deposit.method,
            amount_fen: input.deposit.amount_fen,
            voids: null,
            by_user: user.user_id,
            at: now,
          })
          .execute();
        await trx
          .updateTable('tickets')
          .set({ paid_fen: input.deposit.amount_fen })
          .where('id', '=', ticket.id)
          .execute();
      }
      await trx.updateTable('customers').set({ updated_at: now }).where('id', '=', customer.id).execute();
      return ticket.id;
    });
    return readTicket(this.db, account, id);
  }

  async move(user: AuthUser, input: z.output<typeof ticketMoveInput>): Promise<TicketDetail> {
    return this.write(user, input, async (trx, t) => {
      const lines = await trx
        .selectFrom('ticket_lines')
        .select('state')
        .where('ticket_id', '=', t.id)
        .execute();
      const held = t.paid_fen - t.refunded_fen;
      const refusal = refuseMove(
        {
          status: t.status as TicketStatus,
          proposedLines: lines.filter((l) => l.state === 'proposed').length,
          approvedLines: lines.filter((l) => l.state === 'approved').length,
          outstanding: t.due_fen - held,
          held,
        },
        input.to,
      );
      if (refusal)
        throw new AppError(
          MOVE_ERRCODE[refusal],
          undefined,
          refusal === 'not_paid' || refusal === 'overpaid' ? { outstanding_fen: t.due_fen - held } : null,
        );
      const now = this.clock.now();
      await trx
        .updateTable('tickets')
        .set({ status: input.to, closed_at: isFinal(input.to) ? now : null })
        .where('id', '=', t.id)
        .execute();
      await this.event(trx, user.account_id, t.id, user, 'status', t.status, input.to, input.note);
      const handedOver = input.to === 'sent_to_apple' ? await this.handToApple(trx, user, t) : undefined;
      // The customer's message commits with the move, or neither does (decision 0050).
      const kind = MOVE_MESSAGE[input.to];
      const queued =
        kind && this.messages
          ? await this.messages.queue.queueForTicket(trx, user.account_id, t.id, kind)
          : false;
      return () => {
        handedOver?.();
        if (queued) this.messages?.queued();
      };
    });
  }

  /**
   * Sent to Apple: the ticket's devices not tracked yet become tracked devices of repair progress
   * management with the ticket's customer, in this same transaction; their pages hear of it after.
   */
  private async handToApple(trx: Transaction<Database>, user: AuthUser, t: TicketRecord) {
    const untracked = await trx
      .selectFrom('ticket_devices')
      .select(['id', 'ident', 'sn', 'imei', 'model'])
      .where('ticket_id', '=', t.id)
      .where('repair_device_id', 'is', null)
      .orderBy('id')
      .execute();
    if (untracked.length === 0 || !this.apple) return;
    const customer = await this.customers.require(user.account_id, t.customer_id, trx);
    const phone = await trx
      .selectFrom('customer_phones')
      .select('phone')
      .where('customer_id', '=', customer.id)
      .orderBy('position')
      .executeTakeFirst();
    const ids = await this.apple.track(trx, user, {
      title: t.no_text,
      customer: { id: customer.id, name: customer.name, phone: phone?.phone ?? '' },
      devices: untracked.map(({ ident, sn, imei, model }) => ({ ident, sn, imei, model })),
    });
    for (const [i, device] of untracked.entries())
      await trx
        .updateTable('ticket_devices')
        .set({ repair_device_id: ids[i] ?? null })
        .where('id', '=', device.id)
        .execute();
    const apple = this.apple;
    return () => apple.changed(user.account_id, ids);
  }

  async addLine(user: AuthUser, input: z.output<typeof ticketLineAddInput>): Promise<TicketDetail> {
    return this.write(user, input, async (trx, t) => {
      this.requireOpen(t);
      await trx
        .insertInto('ticket_lines')
        .values({
          account_id: user.account_id,
          ticket_id: t.id,
          kind: input.kind,
          description: input.description,
          qty: input.qty,
          unit_fen: input.unit_fen,
          state: 'proposed',
          created_at: this.clock.now(),
        })
        .execute();
      await this.event(trx, user.account_id, t.id, user, 'quote', null, null, input.description);
    });
  }

  /** The customer's answer: the named proposed lines approved or declined; the approved total is what is due. */
  async decideQuote(user: AuthUser, input: z.output<typeof ticketQuoteDecideInput>): Promise<TicketDetail> {
    return this.write(user, input, async (trx, t) => {
      this.requireOpen(t);
      const named = [...input.approved, ...input.declined];
      if (named.length === 0 || new Set(named).size !== named.length)
        throw new AppError(ErrCode.TICKET_LINE_UNKNOWN);
      const proposed = await trx
        .selectFrom('ticket_lines')
        .select('id')
        .where('ticket_id', '=', t.id)
        .where('state', '=', 'proposed')
        .where('id', 'in', named)
        .execute();
      if (proposed.length !== named.length) throw new AppError(ErrCode.TICKET_LINE_UNKNOWN);
      for (const [ids, state] of [
        [input.approved, 'approved'],
        [input.declined, 'declined'],
      ] as const) {
        if (ids.length > 0)
          await trx.updateTable('ticket_lines').set({ state }).where('id', 'in', ids).execute();
      }
      const approved = await trx
        .selectFrom('ticket_lines')
        .select(['qty', 'unit_fen'])
        .where('ticket_id', '=', t.id)
        .where('state', '=', 'approved')
        .execute();
      const due = approved.reduce((sum, l) => sum + l.qty * l.unit_fen, 0);
      await trx.updateTable('tickets').set({ due_fen: due }).where('id', '=', t.id).execute();
      await this.event(
        trx,
        user.account_id,
        t.id,
        user,
        'quote',
        null,
        null,
        `approved ${input.approved.length}, declined ${input.declined.length}`,
      );
    });
  }

  pay(user: AuthUser, input: z.output<typeof ticketPayInput>): Promise<TicketDetail> {
    return this.money(user, input, { kind: input.kind, amount: input.amount_fen }, input.method, input.note);
  }

  refund(user: AuthUser, input: z.output<typeof ticketRefundInput>): Promise<TicketDetail> {
    return this.money(user, input, { kind: 'refund', amount: input.amount_fen }, input.method, input.note);
  }

  void(user: AuthUser, input: z.output<typeof ticketVoidInput>): Promise<TicketDetail> {
    return this.money(user, input, { kind: 'void', amount: 0, voids: input.payment_id }, null, input.note);
  }

  /** One money entry, checked against the ticket's entries and written with its totals. */
  private money(
    user: AuthUser,
    input: { id: number; version: number },
    entry: NewEntry,
    method: string | null,
    note: string,
  ): Promise<TicketDetail> {
    return this.write(user, input, async (trx, t) => {
      const entries = await moneyEntriesOf(trx, t.id);
      const refusal = refuseEntry(entries, t.due_fen, entry, isFinal(t.status as TicketStatus));
      if (refusal) {
        const { held } = moneyTotals(entries);
        throw new AppError(
          MONEY_ERRCODE[refusal],
          undefined,
          refusal === 'more_than_due'
            ? { outstanding_fen: t.due_fen - held }
            : refusal === 'more_than_held' || refusal === 'void_would_go_negative'
              ? { held_fen: held }
              : null,
        );
      }
      const voided = entry.kind === 'void' ? entries.find((e) => e.id === entry.voids) : undefined;
      const voidedMethod = voided
        ? (
            await trx
              .selectFrom('ticket_payments')
              .select('method')
              .where('id', '=', voided.id)
              .executeTakeFirstOrThrow()
          ).method
        : null;
      const inserted = await trx
        .insertInto('ticket_payments')
        .values({
          account_id: user.account_id,
          ticket_id: t.id,
          kind: entry.kind,
          method: method ?? voidedMethod ?? 'cash',
          amount_fen: entry.kind === 'void' ? voidAmount(entries, entry.voids ?? -1) : entry.amount,
          voids: entry.voids ?? null,
          note,
          by_user: user.user_id,
          at: this.clock.now(),
        })
        .returning(['id', 'amount_fen'])
        .executeTakeFirstOrThrow();
      const totals = moneyTotals([
        ...entries,
        { id: inserted.id, kind: entry.kind, amount: inserted.amount_fen, voids: entry.voids ?? null },
      ]);
      await trx
        .updateTable('tickets')
        .set({ paid_fen: totals.paid, refunded_fen: totals.refunded })
        .where('id', '=', t.id)
        .execute();
      await this.event(
        trx,
        user.account_id,
        t.id,
        user,
        'money',
        null,
        null,
        `${entry.kind} ${inserted.amount_fen}`,
      );
    });
  }

  /**
   * Runs one change of a ticket in one transaction: the ticket read with the version the caller saw
   * (else TICKET_STALE), the change, then the version and time bumped; answers the ticket as it is now.
   */
  private async write(
    user: AuthUser,
    input: { id: number; version: number },
    change: (trx: Transaction<Database>, ticket: TicketRecord) => Promise<(() => void) | void>,
  ): Promise<TicketDetail> {
    const afterCommit = await this.db.transaction().execute(async (trx) => {
      const ticket = await requireTicket(trx, user.account_id, input.id);
      if (ticket.version !== input.version)
        throw new AppError(ErrCode.TICKET_STALE, undefined, { version: ticket.version });
      const after = await change(trx, ticket);
      // The version is the fence between two writers: the update only lands on the version read.
      const bumped = await trx
        .updateTable('tickets')
        .set({ version: ticket.version + 1, updated_at: this.clock.now() })
        .where('id', '=', ticket.id)
        .where('version', '=', ticket.version)
        .executeTakeFirst();
      if (Number(bumped.numUpdatedRows) !== 1) throw new AppError(ErrCode.TICKET_STALE);
      return after;
    });
    afterCommit?.();
    return readTicket(this.db, user.account_id, input.id);
  }

  private requireOpen(t: TicketRecord): void {
    if (isFinal(t.status as TicketStatus)) throw new AppError(ErrCode.TICKET_CLOSED);
  }

  private async requireTechnician(db: Kysely<Database>, accountId: number, userId: number): Promise<void> {
    const tech = await db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .where('disabled', '=', 0)
      .executeTakeFirst();
    if (!tech) throw new AppError(ErrCode.TICKET_TECHNICIAN_UNKNOWN);
  }

  private async event(
    trx: Kysely<Database>,
    accountId: number,
    ticketId: number,
    user: AuthUser,
    kind: string,
    from: string | null,
    to: string | null,
    note: string,
  ): Promise<void> {
    await trx
      .insertInto('ticket_events')
      .values({
        account_id: accountId,
        ticket_id: ticketId,
        kind,
        from_status: from,
        to_status: to,
        note,
        by_user: user.user_id,
        at: this.clock.now(),
      })
      .execute();
  }
}
