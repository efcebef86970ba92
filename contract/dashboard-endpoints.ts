import { defineEndpoint } from './endpoint.ts';
import {
  dashboardDevicesInput,
  dashboardDevicesOutput,
  dashboardOverviewInput,
  dashboardOverviewOutput,
  hotPhonesInput,
  hotPhonesOutput,
  phoneDetailInput,
  phoneDetailOutput,
} from './schemas/dashboards.ts';

/**
 * The dashboards' endpoints (issue 13; docs/decisions/0030-dashboard-rollup.md), all counted from
 * the account's rollup in the shop's days. Spread into endpoints.ts.
 */
export const dashboardEndpoints = {
  dashboardOverview: defineEndpoint({
    path: '/api/dashboard/overview',
    access: 'user',
    input: dashboardOverviewInput,
    output: dashboardOverviewOutput,
    summary:
      'The default dashboard for a period (today, 7d, 30d, 90d): devices, orders, points, success rate, repairs, balance, per-day series by service, repair funnel, warranty mix; each figure with its filtered list.',
  }),
  dashboardHotPhones: defineEndpoint({
    path: '/api/dashboard/hot_phones',
    access: 'user',
    input: hotPhonesInput,
    output: hotPhonesOutput,
    summary:
      'The most checked models of a period with capacity and colour mix, lock/replaced/out-of-warranty shares and the previous period for the trend.',
  }),
  dashboardPhoneDetail: defineEndpoint({
    path: '/api/dashboard/phone_detail',
    access: 'user',
    input: phoneDetailInput,
    output: phoneDetailOutput,
    summary:
      "One model's devices of a period by capacity, colour, warranty type, country of sale and carrier, and per day.",
  }),
  dashboardDevices: defineEndpoint({
    path: '/api/dashboard/devices',
    access: 'user',
    input: dashboardDevicesInput,
    output: dashboardDevicesOutput,
    summary:
      "One page of the account's checked devices matching a dashboard filter (shop days, model, capacity, …), newest first: the list a device figure clicks through to.",
  }),
};
