import type { ModuleDeps } from '#server/module-deps.ts';
import type { HandlerMap } from '#server/plugins/endpoints.ts';
import { CustomerService } from './customer-service.ts';
import { counterHandlers } from './handlers.ts';

/** Builds the shop counter (decision 0047): customers for now; tickets, money and messages follow. */
export function buildCounter(deps: Pick<ModuleDeps, 'db' | 'clock'>): { handlers: HandlerMap } {
  const customers = new CustomerService({ db: deps.db, clock: deps.clock });
  return { handlers: counterHandlers({ db: deps.db, customers }) };
}
