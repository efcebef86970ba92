import { defineEndpoint } from './endpoint.ts';
import { ErrCode } from './errcodes.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import { IMAGE_DATA_URL_MAX, identifySnImeiInput, identifySnImeiOutput } from './schemas/checks.ts';
import { comboListInput, comboListOutput, serviceGroupOutput } from './schemas/checks-catalogue.ts';
import {
  orderAddDevicesInput,
  orderCreateInput,
  orderDeleteInput,
  orderDetailInput,
  orderDetailOutput,
  orderListInput,
  orderListOutput,
  orderRemarkInput,
  orderWriteOutput,
} from './schemas/checks-orders.ts';
import { orderResultsInput, orderResultsOutput } from './schemas/checks-results.ts';
import {
  orderDeriveInput,
  orderFacetsInput,
  orderFacetsOutput,
  orderRestoreInput,
} from './schemas/checks-derive.ts';
import {
  resultColumnsOutput,
  resultColumnsResetInput,
  resultColumnsSaveInput,
} from './schemas/checks-columns.ts';

/**
 * The device checks' endpoints: photo text recognition, the service catalogue, check orders, their
 * results, facets, derived orders and the result columns. Spread into endpoints.ts.
 */
export const checksEndpoints = {
  // Device checks
  identifySnImei: defineEndpoint({
    path: '/api/checks/identify_sn_imei',
    access: 'user',
    input: identifySnImeiInput,
    output: identifySnImeiOutput,
    // The data URL plus the JSON around it.
    bodyLimit: IMAGE_DATA_URL_MAX + 64 * 1024,
    tooLargeErrcode: ErrCode.OCR_TOO_LARGE,
    summary: 'Recognise the text in a photo (data URL); answers it as `content` for SN/IMEI extraction.',
  }),
  serviceGroup: defineEndpoint({
    path: '/api/checks/service_group',
    access: 'user',
    input: emptyInput,
    output: serviceGroupOutput,
    summary: 'The groups of the check-service catalogue, in display order.',
  }),
  comboList: defineEndpoint({
    path: '/api/checks/combo_list',
    access: 'user',
    input: comboListInput,
    output: comboListOutput,
    summary:
      'The check services (all, or one group) with price per device, maintenance flag, dependencies and freshness.',
  }),
  orderCreate: defineEndpoint({
    path: '/api/checks/order_create',
    access: 'user',
    input: orderCreateInput,
    output: orderWriteOutput,
    // 100,000 lines of up to 200 characters, as JSON.
    bodyLimit: 24 * 1024 * 1024,
    summary:
      'Place a check order: valid new identifiers become devices, each gets the chosen services; the price is frozen in the same transaction.',
  }),
  orderAddDevices: defineEndpoint({
    path: '/api/checks/order_add_devices',
    access: 'user',
    input: orderAddDevicesInput,
    output: orderWriteOutput,
    bodyLimit: 24 * 1024 * 1024,
    summary:
      "Add devices to an order (duplicates of the order's devices are skipped); their price is frozen.",
  }),
  orderRemark: defineEndpoint({
    path: '/api/checks/order_remark',
    access: 'user',
    input: orderRemarkInput,
    output: emptyOutput,
    summary: "Set an order's remark.",
  }),
  orderDelete: defineEndpoint({
    path: '/api/checks/order_delete',
    access: 'user',
    input: orderDeleteInput,
    output: emptyOutput,
    summary: 'Soft-delete a finished order (refused while jobs are running).',
  }),
  orderList: defineEndpoint({
    path: '/api/checks/order_list',
    access: 'user',
    input: orderListInput,
    output: orderListOutput,
    summary:
      "One page of the account's check orders, newest first, with totals (orders, devices, points spent).",
  }),
  orderDetail: defineEndpoint({
    path: '/api/checks/order_detail',
    access: 'user',
    input: orderDetailInput,
    output: orderDetailOutput,
    summary: 'One check order with its counts, progress and points frozen, settled and refunded.',
  }),
  orderResults: defineEndpoint({
    path: '/api/checks/order_results',
    access: 'user',
    input: orderResultsInput,
    output: orderResultsOutput,
    summary:
      "The devices of an order with every result field and each job's state; with changed_since only what changed.",
  }),
  orderFacets: defineEndpoint({
    path: '/api/checks/order_facets',
    access: 'user',
    input: orderFacetsInput,
    output: orderFacetsOutput,
    summary:
      "Counts of an order's results under a filter: matched devices, and per facet and tri-state value (contract/results-filter).",
  }),
  orderDerive: defineEndpoint({
    path: '/api/checks/order_derive',
    access: 'user',
    input: orderDeriveInput,
    output: orderWriteOutput,
    bodyLimit: 4 * 1024 * 1024,
    summary:
      'Copy selected devices of an order (ids, or all matching a filter) into a new order with other services, priced and frozen like any order.',
  }),
  orderRestore: defineEndpoint({
    path: '/api/checks/order_restore',
    access: 'user',
    input: orderRestoreInput,
    output: emptyOutput,
    summary: 'Undo order_delete: a soft-deleted order of the account comes back (within 30 days).',
  }),
  resultColumns: defineEndpoint({
    path: '/api/checks/result_columns',
    access: 'user',
    input: emptyInput,
    output: resultColumnsOutput,
    summary:
      "The caller's result columns: shown in the table and written by the export (defaults until saved).",
  }),
  resultColumnsSave: defineEndpoint({
    path: '/api/checks/result_columns_save',
    access: 'user',
    input: resultColumnsSaveInput,
    output: resultColumnsOutput,
    summary:
      "Save the caller's table and export columns (ids of contract/schemas/checks-columns.ts; unknown ids refused).",
  }),
  resultColumnsReset: defineEndpoint({
    path: '/api/checks/result_columns_reset',
    access: 'user',
    input: resultColumnsResetInput,
    output: resultColumnsOutput,
    summary: "Forget the caller's saved columns: back to the catalogue's defaults.",
  }),
};
