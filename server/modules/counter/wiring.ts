import type { ModuleDeps } from '#server/module-deps.ts';
import type { HandlerMap } from '#server/plugins/endpoints.ts';
import { CustomerService } from './customer-service.ts';
import { counterHandlers } from './handlers.ts';
import { TicketLinks } from './ticket-link.ts';
import { registerTicketStatusPage } from './ticket-status-page.ts';
import { TicketService, type AppleHandoff } from './ticket-service.ts';

/** Builds the shop counter (decision 0047): customers, tickets and their money, the tickets' status page; messages and search follow. */
export function buildCounter(
  deps: Pick<ModuleDeps, 'app' | 'db' | 'clock' | 'limiter'> & { apple: AppleHandoff },
): {
  handlers: HandlerMap;
  links: TicketLinks;
  /** What other modules read of a customer (repairs intake: server/app.ts wires it). */
  customers: Pick<CustomerService, 'summary'>;
} {
  const customers = new CustomerService({ db: deps.db, clock: deps.clock });
  const tickets = new TicketService({ db: deps.db, clock: deps.clock, customers, apple: deps.apple });
  const links = new TicketLinks(deps.db);
  registerTicketStatusPage(deps.app, { db: deps.db, links, limiter: deps.limiter });
  return {
    handlers: counterHandlers({ db: deps.db, customers, tickets, links, now: () => deps.clock.now() }),
    links,
    customers,
  };
}
