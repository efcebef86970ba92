import type { Kysely } from 'kysely';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import type { Database } from '#server/db/schema.ts';

/** Messages a page lists at most (the newest). */
const MESSAGE_ROWS = 100;
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The messages of a customer or of a ticket, newest first, with their delivery result (decision
 * 0050), as both pages show them; always scoped to the caller's shop.
 */
export async function messagesOf(
  db: Kysely<Database>,
  accountId: number,
  of: { customerId: number } | { ticketId: number },
): Promise<CustomerDetail['messages']> {
  const rows = await db
    .selectFrom('customer_messages')
    .select([
      'id',
      'ticket_id',
      'trigger',
      'state',
      'text',
      'created_at',
      'lang',
      'phone',
      'result',
      'attempts',
      'sent_at',
    ])
    .where('account_id', '=', accountId)
    .where(
      'customerId' in of ? 'customer_id' : 'ticket_id',
      '=',
      'customerId' in of ? of.customerId : of.ticketId,
    )
    .orderBy('id', 'desc')
    .limit(MESSAGE_ROWS)
    .execute();
  // A claimed message is still on its way: the pages say queued until it is handed to the provider.
  return rows.map((m) => ({
    ...m,
    state: m.state === 'claimed' ? 'queued' : m.state,
    created_at: seconds(m.created_at),
    sent_at: m.sent_at === null ? null : seconds(m.sent_at),
  }));
}
