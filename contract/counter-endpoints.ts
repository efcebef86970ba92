import { defineEndpoint } from './endpoint.ts';
import {
  customerDetailInput,
  customerDetailOutput,
  customerListInput,
  customerListOutput,
  customerMergeInput,
  customerRow,
  customerSaveInput,
} from './schemas/counter-customers.ts';
import {
  ticketCreateInput,
  ticketView,
  ticketDetailInput,
  ticketLineAddInput,
  ticketListInput,
  ticketListOutput,
  ticketMoveInput,
  ticketNoteInput,
  ticketPayInput,
  ticketQuoteDecideInput,
  ticketRefundInput,
  ticketTechniciansOutput,
  ticketVoidInput,
} from './schemas/counter-tickets.ts';
import { emptyInput } from './schemas/common.ts';
import { globalSearchInput, globalSearchOutput } from './schemas/search.ts';
import { counterDayInput, counterDayOutput } from './schemas/counter-day.ts';
import { counterSettingsOutput, counterSettingsSaveInput } from './schemas/counter-settings.ts';

/** The shop counter's endpoints (issue 26, decision 0047). Spread into endpoints.ts. */
export const counterEndpoints = {
  customerList: defineEndpoint({
    path: '/api/counter/customer_list',
    access: 'user',
    input: customerListInput,
    output: customerListOutput,
    summary:
      "One page of the shop's customers, newest change first; `q` matches a name's beginning, a phone, or a phone's last four digits.",
  }),
  customerDetail: defineEndpoint({
    path: '/api/counter/customer_detail',
    access: 'user',
    input: customerDetailInput,
    output: customerDetailOutput,
    summary:
      "A customer with their devices, tickets, checks of their devices, messages and payments, newest first (a merged customer's id opens the kept one).",
  }),
  customerSave: defineEndpoint({
    path: '/api/counter/customer_save',
    access: 'user',
    input: customerSaveInput,
    output: customerRow,
    summary:
      'Create (no id) or edit a customer; a phone of another customer is refused with that customer in `datas` (offer to merge).',
  }),
  customerMerge: defineEndpoint({
    path: '/api/counter/customer_merge',
    access: 'user',
    input: customerMergeInput,
    output: customerRow,
    summary:
      'Merge one customer into another: phones, tickets, tracked devices and messages move to the kept one; answers it.',
  }),
  ticketCreate: defineEndpoint({
    path: '/api/counter/ticket_create',
    access: 'user',
    input: ticketCreateInput,
    output: ticketView,
    summary:
      "Take a customer's phones in: devices decoded offline, the fault, the condition checklist, an optional deposit; the ticket gets the shop's next number.",
  }),
  ticketList: defineEndpoint({
    path: '/api/counter/ticket_list',
    access: 'user',
    input: ticketListInput,
    output: ticketListOutput,
    summary:
      "One page of the shop's tickets, newest first, by status, customer, technician or past their promised date.",
  }),
  ticketDetail: defineEndpoint({
    path: '/api/counter/ticket_detail',
    access: 'user',
    input: ticketDetailInput,
    output: ticketView,
    summary: 'A ticket with its devices, quote lines, money, history and the moves the workflow offers.',
  }),
  ticketMove: defineEndpoint({
    path: '/api/counter/ticket_move',
    access: 'user',
    input: ticketMoveInput,
    output: ticketView,
    summary:
      'Change the status by the workflow (contract/counter/workflow.ts); refused with the reason when the table or the quote and money do not allow it.',
  }),
  ticketNote: defineEndpoint({
    path: '/api/counter/ticket_note',
    access: 'user',
    input: ticketNoteInput,
    output: ticketView,
    summary:
      "Add a note to the ticket's history (open or closed, by whom and when); sent once by its request_id, offline too.",
  }),
  ticketLineAdd: defineEndpoint({
    path: '/api/counter/ticket_line_add',
    access: 'user',
    input: ticketLineAddInput,
    output: ticketView,
    summary: 'Add a quote line (part or labour) for the customer to approve or decline.',
  }),
  ticketQuoteDecide: defineEndpoint({
    path: '/api/counter/ticket_quote_decide',
    access: 'user',
    input: ticketQuoteDecideInput,
    output: ticketView,
    summary: "Record the customer's answer to the quote; the approved lines' total becomes what is due.",
  }),
  ticketPay: defineEndpoint({
    path: '/api/counter/ticket_pay',
    access: 'user',
    input: ticketPayInput,
    output: ticketView,
    summary:
      'Record a deposit or a payment (cash, WeChat Pay, Alipay, card); a payment never exceeds what is due.',
  }),
  ticketRefund: defineEndpoint({
    path: '/api/counter/ticket_refund',
    access: 'admin',
    input: ticketRefundInput,
    output: ticketView,
    summary: 'Give money back to the customer (Admins only), never more than the shop holds of it.',
  }),
  ticketVoid: defineEndpoint({
    path: '/api/counter/ticket_void',
    access: 'admin',
    input: ticketVoidInput,
    output: ticketView,
    summary: 'Cancel a mistaken deposit or payment whole (Admins only), once.',
  }),
  // Tickets' screens (c26-tickets): the technician picker and the list's technician names.
  ticketTechnicians: defineEndpoint({
    path: '/api/counter/ticket_technicians',
    access: 'user',
    input: emptyInput,
    output: ticketTechniciansOutput,
    summary: "The shop's enabled employees a ticket may name as technician (id and name), for Editors too.",
  }),
  // Shop settings of the counter and messages to customers (decision 0050)
  counterSettings: defineEndpoint({
    path: '/api/counter/settings',
    access: 'user',
    input: emptyInput,
    output: counterSettingsOutput,
    summary:
      "The shop's receipt terms, ticket number format, message templates per kind and language, and which status changes send a message (defaults until an Admin saves).",
  }),
  counterSettingsSave: defineEndpoint({
    path: '/api/counter/settings_save',
    access: 'admin',
    input: counterSettingsSaveInput,
    output: counterSettingsOutput,
    summary:
      'Save the counter settings whole (Admin); a format without {SEQ}, an unknown placeholder, an empty template or one longer than a few SMS segments is refused with its errcode and the kind and language in `datas`.',
  }),
  globalSearch: defineEndpoint({
    path: '/api/search/global',
    access: 'user',
    input: globalSearchInput,
    output: globalSearchOutput,
    summary:
      'The header search box: customers (name, phone, last four digits), tickets (number, SN/IMEI), tracked devices (SN/IMEI, Apple repair id) and check orders (title, SN/IMEI), a few of each.',
  }),
  // The day at the counter (issue 26, c26-search).
  counterDay: defineEndpoint({
    path: '/api/counter/day',
    access: 'user',
    input: counterDayInput,
    output: counterDayOutput,
    summary:
      "The default dashboard's day at the counter, in the shop's time zone: today's intakes and collections, takings per payment method (ticket payments net of refunds and voids), open tickets per status and technician, and those past their promised date.",
  }),
};
