import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { ServerToClientEvents } from '#contract/realtime.ts';
import { callApi } from '#src/lib/api/client.ts';
import { noticesKeys } from './keys.ts';
import { repairsChangedElsewhere } from './refetch.ts';

export const NOTICES_PAGE_SIZE = 20;

export const unreadQuery = () =>
  queryOptions({
    queryKey: noticesKeys.unread(),
    queryFn: ({ signal }) => callApi(endpoints.notificationUnread, {}, { signal, background: true }),
  });

export const noticeListQuery = (page: number) =>
  queryOptions({
    queryKey: noticesKeys.list(page),
    queryFn: ({ signal }) =>
      callApi(
        endpoints.notificationList,
        { page, page_size: NOTICES_PAGE_SIZE, unread_only: false },
        { signal },
      ),
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: true }) => callApi(endpoints.notificationRead, input),
    onSuccess: (datas) => {
      queryClient.setQueryData(noticesKeys.unread(), datas);
      return queryClient.invalidateQueries({ queryKey: noticesKeys.all });
    },
  });
}

type NoticePayload = Parameters<ServerToClientEvents['notice:new']>[0];
const listeners = new Set<(notice: NoticePayload) => void>();

/** The shell's bell shows each new alert (a toast) while mounted. */
export function subscribeNotices(listener: (notice: NoticePayload) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 'notice:new' from the socket: the unread count goes up at once, the list refetches. */
export function onNoticeNew(queryClient: QueryClient, notice: NoticePayload): void {
  queryClient.setQueryData(noticesKeys.unread(), (old: { unread: number } | undefined) =>
    old ? { unread: old.unread + 1 } : old,
  );
  void queryClient.invalidateQueries({ queryKey: noticesKeys.all, refetchType: 'none' });
  repairsChangedElsewhere(queryClient);
  for (const listener of listeners) listener(notice);
}

/** 'repairs:changed': lists, details and today's changes are out of date. */
export function onRepairsChanged(queryClient: QueryClient): void {
  repairsChangedElsewhere(queryClient);
}
