import type { ModuleDeps } from '#server/module-deps.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { CustomerService } from './customer-service.ts';
import { counterHandlers } from './handlers.ts';
import { TicketService, type AppleHandoff } from './ticket-service.ts';

/** Builds the shop counter (decision 0047): customers, tickets and their money; messages, receipts and search follow. */
export function buildCounter(deps: Pick<ModuleDeps, 'db' | 'clock'> & { apple: AppleHandoff }): {
  handlers: HandlerMap;
} {
  const customers = new CustomerService({ db: deps.db, clock: deps.clock });
  const tickets = new TicketService({ db: deps.db, clock: deps.clock, customers, apple: deps.apple });
  return { handlers: counterHandlers({ db: deps.db, customers, tickets, now: () => deps.clock.now() }) };
}
