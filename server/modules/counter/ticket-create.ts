import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { formatTicketNo } from '#contract/counter/ticket-number.ts';
import { decodeIdentifier } from '#contract/identifiers/decode.ts';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import type { TicketDetail, ticketCreateInput } from '#contract/schemas/counter-tickets.ts';
import type { Database } from '#server/db/schema.ts';
import { localStamp, shopTimeZone } from '#server/lib/shop-time.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import type { CustomerService } from './customer-service.ts';
import { knownModel } from './known-models.ts';
import { readCounterSettings } from './settings-service.ts';
import { readTicket, requireTicket } from './ticket-read.ts';
import { ticketEvent } from './ticket-write.ts';

/** The shop's calendar date at `ms` on its wall clock (server/lib/shop-time.ts). */
async function shopDate(db: Kysely<Database>, accountId: number, ms: number) {
  const stamp = localStamp(await shopTimeZone(db, accountId), ms);
  return {
    year: Number(stamp.slice(0, 4)),
    month: Number(stamp.slice(4, 6)),
    day: Number(stamp.slice(6, 8)),
  };
}

/**
 * Decodes the device lines offline; every line that is not a new, valid SN or IMEI is refused. The
 * model is the decoder's, else the one the counter typed (the decoder knows no 10-character serial).
 */
function ticketDevices(lines: Array<{ ident: string; model?: string | undefined }>) {
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
    const model = facts.imei?.model ?? facts.serial?.model ?? (line.model || null);
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

async function requireTechnician(db: Kysely<Database>, accountId: number, userId: number): Promise<void> {
  const tech = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .where('disabled', '=', 0)
    .executeTakeFirst();
  if (!tech) throw new AppError(ErrCode.TICKET_TECHNICIAN_UNKNOWN);
}

/**
 * A new ticket in one transaction: the account's next number, the ticket, its devices, its first
 * history line and the deposit taken at intake (its money entry with the ticket's totals).
 */
export async function createTicket(
  deps: { db: Kysely<Database>; clock: Clock; customers: CustomerService },
  user: AuthUser,
  input: z.output<typeof ticketCreateInput>,
): Promise<TicketDetail> {
  const devices = ticketDevices(input.devices);
  const now = deps.clock.now();
  const account = user.account_id;
  const id = await deps.db.transaction().execute(async (trx) => {
    const customer = await deps.customers.require(account, input.customer_id, trx);
    if (input.technician_id !== undefined) await requireTechnician(trx, account, input.technician_id);
    if (input.warranty_of !== undefined) await requireTicket(trx, account, input.warranty_of);
    const counter = await trx
      .insertInto('ticket_counters')
      .values({ account_id: account, last_no: 1 })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({ last_no: eb('ticket_counters.last_no', '+', 1) })),
      )
      .returning('last_no')
      .executeTakeFirstOrThrow();
    const format = (await readCounterSettings(trx, account)).ticket_format;
    const noText = formatTicketNo(format, counter.last_no, await shopDate(trx, account, now));
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
    for (const d of devices) d.model ??= await knownModel(trx, account, d);
    await trx
      .insertInto('ticket_devices')
      .values(
        devices.map((d) => ({ ...d, account_id: account, ticket_id: ticket.id, repair_device_id: null })),
      )
      .execute();
    await ticketEvent(trx, deps.clock, {
      accountId: account,
      ticketId: ticket.id,
      user,
      kind: 'status',
      from: null,
      to: 'received',
      note: '',
    });
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
  return readTicket(deps.db, account, id);
}
