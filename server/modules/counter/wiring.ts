import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { ModuleDeps } from '#server/module-deps.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { emitDataChanged } from '#server/http/realtime.ts';
import type { SmsProvider } from '#server/providers/sms/provider.ts';
import { CustomerService } from './customer-service.ts';
import { counterHandlers } from './handlers.ts';
import { messageLinkOf } from './message-link.ts';
import { MessageQueue, type MessageQueueLog } from './message-queue.ts';
import { MessageSender, type MessageSenderOptions, type TemplateIdOf } from '#server/jobs/message-sender.ts';
import { CounterSettingsService } from './settings-service.ts';
import { TicketLinks } from './ticket-link.ts';
import { registerTicketStatusPage } from './ticket-status-page.ts';
import { TicketService, type AppleHandoff } from './ticket-service.ts';

export interface CounterModule {
  handlers: HandlerMap;
  links: TicketLinks;
  /** What other modules read of a customer (repairs intake: server/app.ts wires it). */
  customers: Pick<CustomerService, 'summary'>;
  /** The durable sender of messages to customers: started by main(), driven by tests (runOnce). */
  messages: MessageSender;
  /**
   * Repair progress management reports tracked devices shipped back by Apple here, inside its own
   * transaction (server/app.ts wires it): their open tickets queue a back_from_apple message.
   */
  backFromApple: (trx: Transaction<Database>, deviceIds: readonly number[]) => Promise<void>;
}

/**
 * Builds the shop counter (decisions 0047, 0050): customers, tickets and their money, the tickets'
 * status page, the shop's counter settings and the messages to customers.
 */
export function buildCounter(
  deps: Pick<ModuleDeps, 'app' | 'io' | 'db' | 'clock' | 'limiter'> & {
    apple: AppleHandoff;
    /** The plain handle: the sender's writes are its own, not a request's. */
    unfencedDb: Kysely<Database>;
    /** null: no SMS provider (production without one): messages are marked not_configured. */
    sms: SmsProvider | null;
    templateIdOf: TemplateIdOf;
    /** PUBLIC_URL: put before the status path of a message's {link}. */
    publicUrl?: string;
    log: MessageQueueLog & { error(obj: object, msg: string): void };
    sender?: Partial<MessageSenderOptions>;
  },
): CounterModule {
  const customers = new CustomerService({ db: deps.db, clock: deps.clock });
  const settings = new CounterSettingsService({ db: deps.db, clock: deps.clock });
  const links = new TicketLinks(deps.db);
  const queue = new MessageQueue({
    clock: deps.clock,
    linkOf: messageLinkOf(deps.publicUrl, (trx, _accountId, ticketId) => links.pathOf(ticketId, trx)),
    log: deps.log,
  });
  const messages = new MessageSender({
    db: deps.unfencedDb,
    clock: deps.clock,
    provider: deps.sms,
    templateIdOf: deps.templateIdOf,
    options: deps.sender,
    // A message's delivery result is shown on its ticket's and customer's pages: they refetch live.
    onEnded: (accountId) => emitDataChanged(deps.io, accountId, ['counter']),
    onError: (err) => deps.log.error({ err }, 'customer message sender'),
  });
  const tickets = new TicketService({
    db: deps.db,
    clock: deps.clock,
    customers,
    apple: deps.apple,
    messages: { queue, queued: () => messages.wake() },
  });
  registerTicketStatusPage(deps.app, { db: deps.db, links, limiter: deps.limiter });
  deps.app.addHook('onClose', () => messages.stop());
  return {
    handlers: counterHandlers({
      db: deps.db,
      customers,
      tickets,
      links,
      settings,
      now: () => deps.clock.now(),
    }),
    links,
    customers,
    messages,
    // The sender finds these at its next look (idleMs): waking it inside the repair's transaction
    // would have it look before the commit.
    backFromApple: async (trx, deviceIds) => void (await queue.queueForTrackedDevices(trx, deviceIds)),
  };
}
