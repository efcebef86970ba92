import { Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { cachedAnswerTime } from '#src/lib/api/cached-answers.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { useOnline } from '#src/lib/offline/network.ts';

/** The parts of a react-query result this notice reads. */
export interface CachedQueryState {
  data: unknown;
  dataUpdatedAt: number;
  isError: boolean;
}

/**
 * "Data as of <time>" over a screen showing cached data: offline, when the service worker answered
 * from its cache, or when the last refresh failed. Nothing when the data is fresh from the server.
 * A screen adds it with one line: `<DataAsOf query={list} />`.
 */
export function DataAsOf({ query }: { query: CachedQueryState }) {
  const online = useOnline();
  if (query.data === undefined) return null;
  const servedFromCache = cachedAnswerTime(query.data);
  if (online && servedFromCache === undefined && !query.isError) return null;
  const at = formatDateTime(servedFromCache ?? query.dataUpdatedAt);
  return (
    <Text size="sm" c="dimmed" data-testid="data-as-of">
      <Trans>Data as of {at}</Trans>
    </Text>
  );
}
