import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';

export const counterDayKeys = { all: ['counter', 'day'] as const };

/** The day at the counter; refetched every minute while the dashboard is open (the counter keeps moving). */
export const counterDayQuery = () =>
  queryOptions({
    queryKey: counterDayKeys.all,
    queryFn: ({ signal }) => callApi(endpoints.counterDay, {}, { signal }),
    refetchInterval: 60_000,
  });
