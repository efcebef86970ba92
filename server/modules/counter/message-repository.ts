import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** A message held under lease by one sender. */
export interface ClaimedMessage {
  id: number;
  account_id: number;
  trigger: string;
  lang: string;
  phone: string;
  text: string;
  params: string;
  attempts: number;
}

/** How a send ended, as the row records it. */
export type MessageEnd =
  | { state: 'sent'; provider: string }
  | { state: 'failed'; provider: string; result: string }
  | { state: 'queued'; provider: string; result: string; runAfter: number };

/**
 * SQL of the customer messages' sender (decision 0050). A message walks queued → claimed (leased,
 * not handed to the provider yet) → sending (marked, committed, just before the provider is called)
 * → sent | failed | queued again (a transient failure, after a backoff). Every write after the claim
 * is guarded by the lease owner and the state, so a sender that lost its lease changes nothing.
 * Across a crash: an expired `claimed` lease was never handed to the provider and is claimed again;
 * an expired `sending` one may have reached it, so it becomes failed/interrupted and is never sent
 * twice (at most once where the provider cannot tell us; exactly once everywhere else).
 */
export class MessageRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Leases up to `limit` due messages to `owner`; each row is taken by a conditional update, so of two senders one gets it. */
  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    await this.db
      .updateTable('customer_messages')
      .set({ state: 'failed', result: 'interrupted', lease_owner: null, lease_until: null })
      .where('state', '=', 'sending')
      .where('lease_until', '<', now)
      .execute();
    const candidates = await this.db
      .selectFrom('customer_messages')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('state', '=', 'claimed'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
    const claimed: ClaimedMessage[] = [];
    for (const { id } of candidates) {
      const taken = await this.db
        .updateTable('customer_messages')
        .set({ state: 'claimed', lease_owner: owner, lease_until: now + leaseMs })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([eb('state', '=', 'claimed'), eb('lease_until', '<', now)]),
          ]),
        )
        .returning(['id', 'account_id', 'trigger', 'lang', 'phone', 'text', 'params', 'attempts'])
        .executeTakeFirst();
      if (taken) claimed.push(taken);
    }
    return claimed;
  }

  /** Marks the message as going to the provider now; false when the lease was lost (then do not send). */
  async markSending(id: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('customer_messages')
      .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), lease_until: now + leaseMs }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', 'claimed')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records how it ended, from the state it was in (claimed: ended before the provider; sending: after). */
  async end(
    id: number,
    owner: string,
    from: 'claimed' | 'sending',
    end: MessageEnd,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('customer_messages')
      .set({
        state: end.state,
        provider: end.provider,
        result: end.state === 'sent' ? '' : end.result,
        sent_at: end.state === 'sent' ? now : null,
        run_after: end.state === 'queued' ? end.runAfter : 0,
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .where('state', '=', from)
      .execute();
  }
}
