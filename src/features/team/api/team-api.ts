import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { AddEmployeeInput, EditUserInput } from '#contract/schemas/team.ts';
import { t } from '@lingui/core/macro';
import { callApi } from '#src/lib/api/client.ts';
import { callOrQueue } from '#src/lib/offline/outbox.ts';

export const teamKeys = {
  all: ['team'] as const,
  list: (page: number, keyword: string) => [...teamKeys.all, 'list', page, keyword] as const,
};

export const PAGE_SIZE = 20;

export const employeeListQuery = (page: number, keyword: string) =>
  queryOptions({
    queryKey: teamKeys.list(page, keyword),
    queryFn: ({ signal }) =>
      callApi(endpoints.employeeList, { page, page_size: PAGE_SIZE, keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAddEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddEmployeeInput) => callApi(endpoints.addEmployee, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it waits in the outbox (a password reset never does: secrets stay off the device).
    mutationFn: (input: EditUserInput) => {
      const id = input.user_id;
      return callOrQueue(endpoints.editUser, input, { label: t`Edit employee #${id}` });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
