import type { Kysely } from 'kysely';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * What the public ticket status page may show: the ticket's number, its devices' models, its
 * status, promised date and status history, and the shop's contact. Never the customer, the
 * devices' identifiers, the fault, prices or notes: a link can be forwarded.
 */
export async function readPublicTicket(db: Kysely<Database>, ticketId: number) {
  const t = await db
    .selectFrom('tickets')
    .select(['id', 'account_id', 'no_text', 'status', 'promised_at', 'updated_at'])
    .where('id', '=', ticketId)
    .executeTakeFirstOrThrow();
  const [devices, events, settings, account] = await Promise.all([
    db.selectFrom('ticket_devices').select('model').where('ticket_id', '=', t.id).orderBy('id').execute(),
    db
      .selectFrom('ticket_events')
      .select(['to_status', 'at'])
      .where('ticket_id', '=', t.id)
      .where('kind', '=', 'status')
      .orderBy('id', 'desc')
      .limit(50)
      .execute(),
    db.selectFrom('repair_settings').selectAll().where('account_id', '=', t.account_id).executeTakeFirst(),
    db.selectFrom('accounts').select('name').where('id', '=', t.account_id).executeTakeFirstOrThrow(),
  ]);
  return {
    ticket: { ...t, status: t.status as TicketStatus },
    models: devices.map((d) => d.model),
    events: events.flatMap((e) => (e.to_status ? [{ status: e.to_status as TicketStatus, at: e.at }] : [])),
    shop: {
      name: settings?.contact_name || account.name,
      phone: settings?.contact_phone ?? '',
      address: settings?.contact_address ?? '',
      time_zone: settings?.time_zone ?? 'Asia/Shanghai',
    },
  };
}
