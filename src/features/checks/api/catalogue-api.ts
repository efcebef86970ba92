import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';
import { checksKeys } from './keys.ts';

// The catalogue changes rarely (maintenance flags do): fresh for a minute, refetched on focus.
const CATALOGUE_STALE_MS = 60_000;

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

/** Unused package checks of the shop: they pay for devices before points. Read again on every visit. */
export const packageChecksQuery = () =>
  queryOptions({
    queryKey: checksKeys.packageChecks(),
    queryFn: async ({ signal }) => {
      const surplus = await callApi(endpoints.packageSurplus, {}, { signal });
      return surplus.list.reduce((sum, row) => sum + row.check_left, 0);
    },
    staleTime: 0,
  });
