import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { counterDay } from './counter-day.ts';
import { customerDetail } from './customer-detail.ts';
import { globalSearch } from './global-search.ts';
import type { CustomerService } from './customer-service.ts';
import { listTechnicians, listTickets, readTicket } from './ticket-read.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import type { CounterSettingsService } from './settings-service.ts';
import type { TicketLinks } from './ticket-link.ts';
import type { TicketService } from './ticket-service.ts';

/** The counter's endpoints (contract/counter-endpoints.ts); refunds and voids are Admin only (the contract's access). */
export function counterHandlers(deps: {
  db: Kysely<Database>;
  customers: CustomerService;
  tickets: TicketService;
  links: TicketLinks;
  settings: CounterSettingsService;
  now: () => number;
}): HandlerMap {
  const { db, customers, tickets, links } = deps;
  // Every ticket answer carries its customer status link (the receipts' QR code).
  const withLink = async (ticket: Promise<TicketDetail>) => {
    const t = await ticket;
    return { ...t, status_link: await links.pathOf(t.id) };
  };
  return {
    customerList: ({ user, input }) => customers.list(user.account_id, input),
    globalSearch: ({ user, input }) => globalSearch(db, customers, user.account_id, input.q),
    customerDetail: ({ user, input }) => customerDetail(db, customers, user.account_id, input.id),
    customerSave: ({ user, input }) => customers.save(user, input),
    customerMerge: ({ user, input }) => customers.merge(user, input),
    ticketCreate: ({ user, input }) => withLink(tickets.create(user, input)),
    ticketList: ({ user, input }) => listTickets(db, user.account_id, input, deps.now(), customers.totals),
    ticketDetail: ({ user, input }) => withLink(readTicket(db, user.account_id, input.id)),
    ticketMove: ({ user, input }) => withLink(tickets.move(user, input)),
    ticketNote: ({ user, input }) => withLink(tickets.note(user, input)),
    ticketLineAdd: ({ user, input }) => withLink(tickets.addLine(user, input)),
    ticketQuoteDecide: ({ user, input }) => withLink(tickets.decideQuote(user, input)),
    ticketPay: ({ user, input }) => withLink(tickets.pay(user, input)),
    ticketRefund: ({ user, input }) => withLink(tickets.refund(user, input)),
    ticketVoid: ({ user, input }) => withLink(tickets.void(user, input)),
    ticketTechnicians: ({ user }) => listTechnicians(db, user.account_id),
    counterDay: ({ user }) => counterDay(db, user.account_id, deps.now()),
    counterSettings: ({ user }) => deps.settings.read(user.account_id),
    counterSettingsSave: ({ user, input }) => deps.settings.save(user, input),
  };
}
