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
};
