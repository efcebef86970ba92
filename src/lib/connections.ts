import { queryOptions } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { callApi } from '#src/lib/api/client.ts';

/**
 * Whether the server has a real provider for device checks and repair status, the sandbox, or
 * none (production without one: the calls that need it are refused). The screens that order
 * checks, refresh repairs or watch devices say so up front. It changes only with the server's
 * configuration, so it is asked once in a while, not on every visit.
 */
export const connectionStatusQuery = () =>
  queryOptions({
    queryKey: ['connections', 'status'] as const,
    queryFn: ({ signal }) => callApi(endpoints.connectionStatus, {}, { signal }),
    staleTime: 10 * 60_000,
  });
