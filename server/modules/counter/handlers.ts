import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { customerDetail } from './customer-detail.ts';
import { globalSearch } from './global-search.ts';
import type { CustomerService } from './customer-service.ts';
import { listTickets, readTicket } from './ticket-read.ts';
import type { TicketService } from './ticket-service.ts';

/** The counter's endpoints (contract/counter-endpoints.ts); refunds and voids are Admin only (the contract's access). */
export function counterHandlers(deps: {
  db: Kysely<Database>;
  customers: CustomerService;
  tickets: TicketService;
  now: () => number;
}): HandlerMap {
  const { db, customers, tickets } = deps;
  return {
    customerList: ({ user, input }) => customers.list(user.account_id, input),
    globalSearch: ({ user, input }) => globalSearch(db, customers, user.account_id, input.q),
    customerDetail: ({ user, input }) => customerDetail(db, customers, user.account_id, input.id),
    customerSave: ({ user, input }) => customers.save(user, input),
    customerMerge: ({ user, input }) => customers.merge(user, input),
    ticketCreate: ({ user, input }) => tickets.create(user, input),
    ticketList: ({ user, input }) => listTickets(db, user.account_id, input, deps.now(), customers.totals),
    ticketDetail: ({ user, input }) => readTicket(db, user.account_id, input.id),
    ticketMove: ({ user, input }) => tickets.move(user, input),
    ticketLineAdd: ({ user, input }) => tickets.addLine(user, input),
    ticketQuoteDecide: ({ user, input }) => tickets.decideQuote(user, input),
    ticketPay: ({ user, input }) => tickets.pay(user, input),
    ticketRefund: ({ user, input }) => tickets.refund(user, input),
    ticketVoid: ({ user, input }) => tickets.void(user, input),
  };
}
