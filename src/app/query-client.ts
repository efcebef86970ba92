import { QueryClient } from '@tanstack/react-query';
import { ApiError, DuplicateRequestError } from '#src/lib/api/errors.ts';

/**
 * One query client for the app. Business errors are final (no retry); a transport failure is retried
 * once, the rest is the outbox's job.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 7 * 24 * 3600_000,
        networkMode: 'offlineFirst',
        retry: (count, err) =>
          !(err instanceof ApiError) && !(err instanceof DuplicateRequestError) && count < 1,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
