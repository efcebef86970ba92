import { endpoints } from '#contract/endpoints.ts';
import type { EndpointDef } from '#contract/endpoint.ts';
import { ticketView, type TicketView } from '#contract/schemas/counter-tickets.ts';
import { asUser, callEndpoint } from './call-endpoint.ts';
import type { TestServer } from './server-harness.ts';

/**
 * The counter's endpoints under the last part of their path (`ticket_move`), the names the counter's
 * tests step a ticket through: those tests keep their short call sites, and the path and the output
 * schema still come from the contract (a name missing here fails the typecheck, a name that is not
 * its path's last part fails every test that imports this file).
 */
export const counterEndpoint = {
  customer_list: endpoints.customerList,
  customer_detail: endpoints.customerDetail,
  customer_save: endpoints.customerSave,
  customer_merge: endpoints.customerMerge,
  ticket_create: endpoints.ticketCreate,
  ticket_list: endpoints.ticketList,
  ticket_detail: endpoints.ticketDetail,
  ticket_move: endpoints.ticketMove,
  ticket_note: endpoints.ticketNote,
  ticket_line_add: endpoints.ticketLineAdd,
  ticket_quote_decide: endpoints.ticketQuoteDecide,
  ticket_pay: endpoints.ticketPay,
  ticket_refund: endpoints.ticketRefund,
  ticket_void: endpoints.ticketVoid,
  ticket_technicians: endpoints.ticketTechnicians,
  settings: endpoints.counterSettings,
  settings_save: endpoints.counterSettingsSave,
  day: endpoints.counterDay,
} as const satisfies Record<string, EndpointDef>;

for (const [name, endpoint] of Object.entries(counterEndpoint))
  if (!endpoint.path.endsWith(`/${name}`)) throw new Error(`counterEndpoint.${name} is ${endpoint.path}`);

export type CounterEndpointName = keyof typeof counterEndpoint;

/**
 * A counter call that must succeed, read as the ticket it answers (every ticket answer carries its
 * status link): checked against the endpoint's output schema by callEndpoint; a refusal throws with
 * its errcode and msg.
 */
export async function ticketStep(
  server: TestServer,
  name: CounterEndpointName,
  body: Record<string, unknown>,
  token: string,
): Promise<TicketView> {
  // The steps build their bodies from parts (the server checks them); the answer is checked here.
  const res = await callEndpoint(asUser(server, token), counterEndpoint[name], body as never);
  if (res.errcode !== 0) throw new Error(`${name}: ${res.errcode} ${res.msg}`);
  return ticketView.parse(res.datas);
}
