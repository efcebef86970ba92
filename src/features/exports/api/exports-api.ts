import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { ExportLang, ExportListDatas, ExportRow } from '#contract/schemas/checks-export.ts';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import { apiBase, callApi } from '#src/lib/api/client.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { newRequestId } from '#src/lib/offline/outbox.ts';
import { getToken } from '#src/lib/storage.ts';
import { exportsKeys } from './keys.ts';

/** Polled while an export runs, in case the socket is down (events patch the list in between). */
const RUNNING_POLL_MS = 5000;

export const exportListQuery = () =>
  queryOptions({
    queryKey: exportsKeys.list(),
    queryFn: ({ signal }) => callApi(endpoints.exportList, {}, { signal }),
    refetchInterval: (query) =>
      query.state.data?.list.some((r) => r.state === 'pending' || r.state === 'running')
        ? RUNNING_POLL_MS
        : false,
  });

/**
 * An `exports:progress` event carries the export's whole row: it replaces the cached one, or comes
 * first in the list when new (another employee's export, one started in another tab).
 */
export function onExportProgress(client: QueryClient, row: ExportRow): void {
  const data = client.getQueryData<ExportListDatas>(exportsKeys.list());
  if (!data) return;
  const known = data.list.some((r) => r.id === row.id);
  client.setQueryData<ExportListDatas>(exportsKeys.list(), {
    list: known ? data.list.map((r) => (r.id === row.id ? row : r)) : [row, ...data.list],
  });
}

export function startExport(input: {
  order_id: number;
  filter: ResultFilter;
  lang: ExportLang;
  columns?: string[];
}): Promise<ExportRow> {
  return callApi(endpoints.exportCreate, { ...input, request_id: newRequestId() });
}

export const retryExport = (id: number) =>
  callApi(endpoints.exportRetry, { export_id: id, request_id: newRequestId() });

export const deleteExport = (id: number) =>
  callApi(endpoints.exportDelete, { export_id: id, request_id: newRequestId() });

/**
 * Downloads a finished export: a short-lived signed link from the server, fetched with the session's
 * token (the link alone does not open the file), then saved under the export's file name.
 */
export async function downloadExport(row: ExportRow): Promise<void> {
  const link = await callApi(endpoints.exportLink, { export_id: row.id });
  const token = getToken();
  const response = await fetch(`${apiBase()}${link.url}`, { headers: token ? { token } : {} });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('json')) {
    const envelope = (await response.json().catch(() => null)) as { errcode?: number; msg?: string } | null;
    const errcode = envelope?.errcode ?? 1000;
    const msg = envelope?.msg ?? '';
    throw new ApiError(errcode, localizedErrorMessage(errcode, msg, null), null);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = row.file_name;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
