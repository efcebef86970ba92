import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { RouterContext } from './router.tsx';
import { markBoot } from './boot-marks.ts';

/**
 * A page's route loader (decision 0054): asks for the lists the page shows first as soon as its route
 * loads, beside its code and the shell's render, not once the page has rendered and its queries have
 * waited for the persisted cache's restore (a new tab's first list call went out 300-450 ms later:
 * `npm run bench:pages`). Not awaited: the page renders at once and its `useQuery` of the same options
 * joins the call in flight or reads its answer, so the server is asked once. A fresh answer in the
 * cache (a return within staleTime, a hover's preload) is not asked again.
 */
export function prefetchPageData(
  context: Pick<RouterContext, 'startDataLayer'>,
  // Each query's own data type: the page's useQuery reads it with the same options.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queries: FetchQueryOptions<any, any, any, any>[],
): void {
  void context
    .startDataLayer()
    .then((layer) => {
      const client: QueryClient | undefined = layer?.queryClient;
      markBoot('page-data');
      // A failure is the page's query's to show when it runs; nothing to say twice here.
      for (const query of queries) void client?.prefetchQuery(query);
    })
    .catch(() => undefined);
}
