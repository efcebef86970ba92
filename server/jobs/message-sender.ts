import type { Kysely } from 'kysely';
import type { MessageKind, MessageLang } from '#contract/counter/messages.ts';
import type { Database } from '#server/db/schema.ts';
import { backoffMs } from './backoff.ts';
import { ClaimLoop, leaseOwner } from './claim-loop.ts';
import type { Clock } from '#server/lib/clock.ts';
import { SmsSendError, type SmsProvider } from '#server/providers/sms/provider.ts';
import {
  MessageRepository,
  type ClaimedMessage,
  type MessageEnd,
} from '#server/modules/counter/message-repository.ts';

export interface MessageSenderOptions {
  /** A claim holds a message this long; a sender that died is taken over after it. */
  leaseMs: number;
  idleMs: number;
  concurrency: number;
  /** Sends of one message (transient failures are tried again with backoff, then it fails). */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const MESSAGE_SENDER_DEFAULTS: MessageSenderOptions = {
  leaseMs: 60_000,
  idleMs: 5_000,
  concurrency: 4,
  maxAttempts: 5,
  backoffBaseMs: 30_000,
  backoffMaxMs: 30 * 60_000,
};

/** The provider's registered template for a kind and language (real providers); the sandbox needs none. */
export type TemplateIdOf = (kind: MessageKind, lang: MessageLang) => string | undefined;

export interface MessageSenderDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** null: no SMS provider (production without one): every message is marked not_configured. */
  provider: SmsProvider | null;
  templateIdOf: TemplateIdOf;
  options?: Partial<MessageSenderOptions>;
  /** After a message ended (sent, failed, queued again): its shop's pages refetch. */
  onEnded?: (accountId: number) => void;
  onError?: (err: unknown) => void;
  random?: () => number;
}

/**
 * The durable sender of customer messages (decision 0050), a ClaimLoop like the other job runners:
 * messages live in `customer_messages`, a claim leases them (message-repository.ts), each is marked
 * `sending` before the provider is called and ends in a guarded write, so a crash between claim and
 * send sends it once after the lease, and a crash during the send never sends it twice.
 */
export class MessageSender extends ClaimLoop {
  readonly owner = leaseOwner('s');
  private readonly repo: MessageRepository;
  private readonly deps: MessageSenderDeps;
  private readonly options: MessageSenderOptions;

  constructor(deps: MessageSenderDeps) {
    const options = { ...MESSAGE_SENDER_DEFAULTS, ...deps.options };
    super(
      { concurrency: options.concurrency, claimBatch: options.concurrency, idleMs: options.idleMs },
      deps.onError ?? (() => {}),
      { claim: (n) => this.claimAndStart(n) },
    );
    this.repo = new MessageRepository(deps.db);
    this.deps = deps;
    this.options = options;
  }

  private async claimAndStart(limit: number): Promise<number> {
    const messages = await this.repo.claim(this.owner, this.deps.clock.now(), this.options.leaseMs, limit);
    for (const m of messages) this.track(this.send(m));
    return messages.length;
  }

  private async send(m: ClaimedMessage): Promise<void> {
    const { provider, clock } = this.deps;
    const ended = (from: 'claimed' | 'sending', end: MessageEnd) =>
      this.repo.end(m.id, this.owner, from, end, clock.now()).then(() => this.deps.onEnded?.(m.account_id));
    // Never silently dropped: the ticket shows that no SMS provider is configured.
    if (!provider) return ended('claimed', { state: 'failed', provider: '', result: 'not_configured' });
    const templateId = provider.sandbox
      ? `SANDBOX_COUNTER_${m.trigger.toUpperCase()}`
      : this.deps.templateIdOf(m.trigger as MessageKind, m.lang as MessageLang);
    if (!templateId)
      return ended('claimed', { state: 'failed', provider: provider.name, result: 'no_template' });
    if (!(await this.repo.markSending(m.id, this.owner, clock.now(), this.options.leaseMs))) return;
    try {
      await provider.send({
        phone: m.phone,
        templateId,
        params: JSON.parse(m.params) as Record<string, string>,
        preview: m.text,
      });
    } catch (err) {
      const kind = err instanceof SmsSendError ? err.kind : 'failed';
      const attempts = m.attempts + 1;
      if (kind === 'refused' || attempts >= this.options.maxAttempts)
        return ended('sending', { state: 'failed', provider: provider.name, result: kind });
      const wait = backoffMs(
        attempts,
        this.options.backoffBaseMs,
        this.options.backoffMaxMs,
        this.deps.random ?? Math.random,
      );
      return ended('sending', {
        state: 'queued',
        provider: provider.name,
        result: kind,
        runAfter: clock.now() + wait,
      });
    }
    return ended('sending', { state: 'sent', provider: provider.name });
  }
}
