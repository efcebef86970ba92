import { QueryClient, replaceEqualDeep } from '@tanstack/react-query';
import { ApiError, DuplicateRequestError } from '#src/lib/api/errors.ts';
import { isCachedAnswer } from '#src/lib/api/cached-answers.ts';

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
        // An answer from the service worker's offline cache carries its fetch time by identity (see
        // cached-answers.ts): keep that object, and replace it as soon as a fresh answer arrives.
        structuralSharing: (previous: unknown, next: unknown) =>
          isCachedAnswer(next) || isCachedAnswer(previous) ? next : replaceEqualDeep(previous, next),
        retry: (count, err) =>
          !(err instanceof ApiError) && !(err instanceof DuplicateRequestError) && count < 1,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
