import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { DEFAULT_EXPORT_COLUMNS, DEFAULT_TABLE_COLUMNS } from '#contract/values/checks-columns.ts';
import type { ResultColumnsDatas } from '#contract/schemas/checks-columns.ts';
import { callApi } from '#src/lib/api/client.ts';
import { callOrQueue } from '#src/lib/offline/outbox.ts';
import { checksKeys } from './keys.ts';

export const DEFAULT_COLUMNS: ResultColumnsDatas = {
  table: [...DEFAULT_TABLE_COLUMNS],
  export: [...DEFAULT_EXPORT_COLUMNS],
  is_default: true,
};

/**
 * The user's result columns. Persisted with the query cache (per user), so a reload offline shows
 * the same columns; the defaults stand in until the first answer.
 */
export const resultColumnsQuery = () =>
  queryOptions({
    queryKey: checksKeys.columns(),
    queryFn: ({ signal }) => callApi(endpoints.resultColumns, {}, { signal }),
    placeholderData: DEFAULT_COLUMNS,
    // Always asked again on mount: the persisted copy may predate a save made just before a reload.
    staleTime: 0,
  });

/**
 * Save or reset the columns. The cache takes the new choice at once (the table follows before the
 * answer, and offline); the write itself waits in the outbox when offline.
 */
export function useSaveColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: { table: string[]; export: string[] } | 'reset') => {
      queryClient.setQueryData<ResultColumnsDatas>(
        checksKeys.columns(),
        choice === 'reset' ? DEFAULT_COLUMNS : { ...choice, is_default: false },
      );
      const label = t`Result columns`;
      return choice === 'reset'
        ? callOrQueue(endpoints.resultColumnsReset, {}, { label })
        : callOrQueue(endpoints.resultColumnsSave, choice, { label });
    },
    onSuccess: (answer) => {
      if (answer && 'table' in answer) queryClient.setQueryData(checksKeys.columns(), answer);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: checksKeys.columns() }),
  });
}
