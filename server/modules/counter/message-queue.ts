import type { Kysely, Transaction } from 'kysely';
import {
  MESSAGE_LANGS,
  renderMessage,
  type MessageKind,
  type MessageLang,
  type MessageValues,
} from '#contract/counter/messages.ts';
import { isFinal, type TicketStatus } from '#contract/counter/workflow.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { readCounterSettings } from './settings-service.ts';

/**
 * The customer's status link of a ticket, as a full URL or a path. One function on purpose: the
 * ticket's status link (server/modules/counter/ticket-link.ts) is wired in here.
 */
export type TicketLinkOf = (trx: Kysely<Database>, accountId: number, ticketId: number) => Promise<string>;

export interface MessageQueueLog {
  info(obj: object, msg: string): void;
}

/**
 * Queues the message a ticket's status change sends (decision 0050), inside the transaction of the
 * change: the move and its message commit together or not at all, and the sender (message-sender.ts)
 * finds it after a crash. The text is rendered now, in the customer's language, so the log shows
 * what was sent even if the templates change later. A customer who opted out or has no phone gets a
 * `skipped` row with the reason: the ticket still shows that nothing was sent, and why.
 */
export class MessageQueue {
  private readonly clock: Clock;
  private readonly linkOf: TicketLinkOf;
  private readonly log: MessageQueueLog;
  constructor(deps: { clock: Clock; linkOf: TicketLinkOf; log: MessageQueueLog }) {
    this.clock = deps.clock;
    this.linkOf = deps.linkOf;
    this.log = deps.log;
  }

  /** Answers true when a message was queued for sending (the sender may be woken after commit). */
  async queueForTicket(
    trx: Kysely<Database>,
    accountId: number,
    ticketId: number,
    kind: MessageKind,
  ): Promise<boolean> {
    const settings = await readCounterSettings(trx, accountId);
    if (!settings.enabled[kind]) return false;
    const ticket = await trx
      .selectFrom('tickets')
      .innerJoin('customers', 'customers.id', 'tickets.customer_id')
      .select([
        'tickets.no_text',
        'tickets.customer_id',
        'customers.name',
        'customers.lang',
        'customers.sms_opt_out',
      ])
      .where('tickets.id', '=', ticketId)
      .where('tickets.account_id', '=', accountId)
      .executeTakeFirst();
    if (!ticket) return false;
    const [phone, device, shop] = await Promise.all([
      trx
        .selectFrom('customer_phones')
        .select('phone')
        .where('customer_id', '=', ticket.customer_id)
        .where('account_id', '=', accountId)
        .orderBy('position')
        .orderBy('id')
        .executeTakeFirst(),
      trx
        .selectFrom('ticket_devices')
        .select(['model', 'ident'])
        .where('ticket_id', '=', ticketId)
        .orderBy('id')
        .executeTakeFirst(),
      trx
        .selectFrom('repair_settings')
        .select(['contact_name', 'contact_phone'])
        .where('account_id', '=', accountId)
        .executeTakeFirst(),
    ]);
    const lang: MessageLang = (MESSAGE_LANGS as readonly string[]).includes(ticket.lang)
      ? (ticket.lang as MessageLang)
      : 'zh';
    const values: MessageValues = {
      customer: ticket.name,
      ticket: ticket.no_text,
      device: device?.model ?? device?.ident ?? '',
      link: await this.linkOf(trx, accountId, ticketId),
      shop: shop?.contact_name ?? '',
      phone: shop?.contact_phone ?? '',
    };
    const skip = Number(ticket.sms_opt_out) === 1 ? 'opted_out' : !phone ? 'no_phone' : null;
    const row = await trx
      .insertInto('customer_messages')
      .values({
        account_id: accountId,
        customer_id: ticket.customer_id,
        ticket_id: ticketId,
        trigger: kind,
        lang,
        phone: phone?.phone ?? '',
        text: renderMessage(settings.templates[kind][lang], values),
        params: JSON.stringify(values),
        state: skip ? 'skipped' : 'queued',
        result: skip ?? '',
        created_at: this.clock.now(),
        sent_at: null,
        lease_until: null,
        lease_owner: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The reason, never the phone number or the text.
    if (skip)
      this.log.info(
        { message_id: row.id, ticket_id: ticketId, kind, reason: skip },
        'customer message skipped',
      );
    return skip === null;
  }

  /**
   * Tracked devices back from Apple (repair progress management reports them through the wiring):
   * each open ticket they belong to gets its back_from_apple message, once per ticket.
   */
  async queueForTrackedDevices(trx: Transaction<Database>, deviceIds: readonly number[]): Promise<boolean> {
    if (deviceIds.length === 0) return false;
    const tickets = await trx
      .selectFrom('ticket_devices')
      .innerJoin('tickets', 'tickets.id', 'ticket_devices.ticket_id')
      .select(['tickets.id', 'tickets.account_id', 'tickets.status'])
      .where('ticket_devices.repair_device_id', 'in', [...deviceIds])
      // The device's own shop only: a ticket device links a tracked device of its ticket's account.
      .whereRef('ticket_devices.account_id', '=', 'tickets.account_id')
      .distinct()
      .execute();
    let queued = false;
    for (const t of tickets) {
      if (isFinal(t.status as TicketStatus)) continue;
      // A ticket of two devices hears of the first one back; a later refresh does not repeat it.
      const told = await trx
        .selectFrom('customer_messages')
        .select('id')
        .where('ticket_id', '=', t.id)
        .where('trigger', '=', 'back_from_apple')
        .executeTakeFirst();
      if (told) continue;
      if (await this.queueForTicket(trx, t.account_id, t.id, 'back_from_apple')) queued = true;
    }
    return queued;
  }
}
