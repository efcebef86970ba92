import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';
import { checksKeys } from './keys.ts';

// The catalogue changes rarely (maintenance flags do): fresh for a minute, refetched on focus.
const CATALOGUE_STALE_MS = 60_000;
const PACKAGE_CHECKS_FRESH_MS = 5_000;

export const serviceGroupsQuery = () =>
  queryOptions({
    queryKey: checksKeys.groups(),
    queryFn: ({ signal }) => callApi(endpoints.serviceGroup, {}, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export const servicesQuery = () =>
  queryOptions({
    queryKey: checksKeys.services(),
    queryFn: ({ signal }) => callApi(endpoints.comboList, {}, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/**
 * Unused package checks of the shop: they pay for devices before points. Read again on every visit
 * (the page's loader asks; placing an order or adding devices invalidates it). Fresh for a few
 * seconds only so that the loader's answer is the one the panel shows: with staleTime 0 the panel,
 * mounted once the persisted cache was restored, asked the server a second time ~400 ms later.
 */
export const packageChecksQuery = () =>
  queryOptions({
    queryKey: checksKeys.packageChecks(),
    queryFn: async ({ signal }) => {
      const surplus = await callApi(endpoints.packageSurplus, {}, { signal });
      return surplus.list.reduce((sum, row) => sum + row.check_left, 0);
    },
    staleTime: PACKAGE_CHECKS_FRESH_MS,
  });
