import type { HandlerMap } from '#server/http/endpoints.ts';
import { CatalogueRepository } from './catalogue-repository.ts';
import type { OrderNotifier, OrderService } from './order-service.ts';
import { OrderActions } from './order-derive.ts';
import { ResultColumnsService } from './result-columns.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { ResultsService } from './results-service.ts';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** Device checks: catalogue, orders and results (every signed-in employee of the shop). */
export function checksHandlers(deps: {
  db: Kysely<Database>;
  orders: OrderService;
  results: ResultsService;
  clock: Clock;
  notify: OrderNotifier;
}): HandlerMap {
  const catalogue = new CatalogueRepository(deps.db);
  const actions = new OrderActions(deps);
  const columns = new ResultColumnsService(deps);
  return {
    serviceGroup: async () => ({ list: await catalogue.groups() }),
    comboList: async ({ input }) => ({ list: await catalogue.services(input.group_id) }),
    orderCreate: ({ user, input }) => deps.orders.create(user, input),
    orderAddDevices: ({ user, input }) => deps.orders.addDevices(user, input),
    orderRemark: ({ user, input }) => deps.orders.remark(user, input.order_id, input.remark),
    orderDelete: ({ user, input }) => deps.orders.delete(user, input.order_id),
    orderList: ({ user, input }) => deps.orders.list(user, input),
    orderDetail: ({ user, input }) => deps.orders.detail(user, input.order_id),
    orderResults: ({ user, input }) =>
      deps.results.results(user.account_id, input.order_id, input.changed_since),
    orderFacets: ({ user, input }) => actions.facets(user, input.order_id, input.filter),
    orderDerive: ({ user, input }) => actions.derive(user, input),
    orderRestore: ({ user, input }) => actions.restore(user, input.order_id),
    resultColumns: ({ user }) => columns.get(user),
    resultColumnsSave: ({ user, input }) => columns.save(user, input),
    resultColumnsReset: ({ user }) => columns.reset(user),
  };
}
