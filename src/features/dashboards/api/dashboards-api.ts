import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { DashboardDeviceFilter, DashboardPeriod } from '#contract/schemas/dashboards.ts';
import { callApi } from '#src/lib/api/client.ts';

/**
 * The dashboards' queries. Their answers are persisted with the rest of the query cache and kept by
 * the service worker (contract/offline-lists.ts): the last dashboards open offline, with "as of".
 */
export const dashboardsKeys = {
  all: ['dashboards'] as const,
  overview: (period: DashboardPeriod) => [...dashboardsKeys.all, 'overview', period] as const,
  hotPhones: (period: DashboardPeriod, limit: number) =>
    [...dashboardsKeys.all, 'hot-phones', period, limit] as const,
  phoneDetail: (model: string, period: DashboardPeriod) =>
    [...dashboardsKeys.all, 'phone-detail', model, period] as const,
  devices: (filter: DashboardDeviceFilter, page: number) =>
    [...dashboardsKeys.all, 'devices', filter, page] as const,
};

export const HOT_PHONES_LIMIT = 20;
export const DEVICES_PAGE_SIZE = 20;

export const overviewQuery = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardsKeys.overview(period),
    queryFn: ({ signal }) => callApi(endpoints.dashboardOverview, { period }, { signal }),
    placeholderData: keepPreviousData,
  });

export const hotPhonesQuery = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardsKeys.hotPhones(period, HOT_PHONES_LIMIT),
    queryFn: ({ signal }) =>
      callApi(endpoints.dashboardHotPhones, { period, limit: HOT_PHONES_LIMIT }, { signal }),
    placeholderData: keepPreviousData,
  });

export const phoneDetailQuery = (model: string, period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardsKeys.phoneDetail(model, period),
    queryFn: ({ signal }) => callApi(endpoints.dashboardPhoneDetail, { model, period }, { signal }),
    placeholderData: keepPreviousData,
  });

export const devicesQuery = (filter: DashboardDeviceFilter, page: number) =>
  queryOptions({
    queryKey: dashboardsKeys.devices(filter, page),
    queryFn: ({ signal }) =>
      callApi(endpoints.dashboardDevices, { filter, page, page_size: DEVICES_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
