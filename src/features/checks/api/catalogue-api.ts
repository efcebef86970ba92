import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoints.ts';
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
