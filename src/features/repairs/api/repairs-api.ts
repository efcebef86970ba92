import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { plural, t } from '@lingui/core/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type {
  RepairBadgeChangeInput,
  RepairBatchCreateInput,
  RepairDeviceEditInput,
  RepairRefreshInput,
} from '#contract/schemas/repairs.ts';
import { PAGE_SIZE_MAX } from '#contract/values/common.ts';
import type { RepairIntakeInput } from '#contract/schemas/repairs-intake.ts';
import type { MonitorWatchInput } from '#contract/schemas/repairs-monitors.ts';
import { callApi } from '#src/lib/api/client.ts';
import { callOrQueue } from '#src/lib/offline/outbox.ts';
import { type DeviceFilters, listInputOf } from '../model.ts';
import { repairsKeys } from './keys.ts';
import { repairsChangedHere } from './refetch.ts';

export const BATCHES_PAGE_SIZE = 50;
/** The table is virtualised: one call brings the largest page the contract allows. */
export const DEVICES_PAGE_SIZE = PAGE_SIZE_MAX;

export const batchListQuery = (page: number, keyword: string) =>
  queryOptions({
    queryKey: repairsKeys.batches(page, keyword),
    queryFn: ({ signal }) =>
      callApi(endpoints.repairBatchList, { page, page_size: BATCHES_PAGE_SIZE, keyword }, { signal }),
    placeholderData: keepPreviousData,
  });

export const deviceListQuery = (filters: DeviceFilters, page: number) => {
  const input = listInputOf(filters, page, DEVICES_PAGE_SIZE);
  return queryOptions({
    queryKey: repairsKeys.deviceList(input),
    queryFn: ({ signal }) => callApi(endpoints.repairDeviceList, input, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const deviceDetailQuery = (deviceId: number) =>
  queryOptions({
    queryKey: repairsKeys.device(deviceId),
    queryFn: ({ signal }) => callApi(endpoints.repairDeviceDetail, { device_id: deviceId }, { signal }),
  });

export const monitorQuotaQuery = () =>
  queryOptions({
    queryKey: repairsKeys.quota(),
    queryFn: ({ signal }) => callApi(endpoints.monitorQuota, {}, { signal }),
  });

export const repairSettingsQuery = () =>
  queryOptions({
    queryKey: repairsKeys.settings(),
    queryFn: ({ signal }) => callApi(endpoints.repairSettings, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const deviceHistoryQuery = (q: string) =>
  queryOptions({
    queryKey: repairsKeys.history(q),
    queryFn: ({ signal }) => callApi(endpoints.deviceHistory, { q }, { signal }),
    enabled: q.trim() !== '',
  });

/** A repairs write's hooks: note when it was sent, then refetch the lists (./refetch.ts). */
const useInvalidateRepairs = () => {
  const queryClient = useQueryClient();
  return {
    onMutate: () => ({ sentAt: Date.now() }),
    onSuccess: (_data: unknown, _input: unknown, write: { sentAt: number } | undefined) =>
      repairsChangedHere(queryClient, write?.sentAt),
  };
};

export function useCreateBatch() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (input: RepairBatchCreateInput) => callApi(endpoints.repairBatchCreate, input),
    ...refetchAfter,
  });
}

// Intake, edits and badge changes made offline wait in the outbox (sent once: request_id). A
// refresh pays and a watch is capped: both need the server's answer at once, so they are not queued.

export function useIntake() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (input: RepairIntakeInput) => {
      const n = input.lines.length;
      return callOrQueue(endpoints.repairIntake, input, {
        label: t`Intake of ${plural(n, { one: '# device', other: '# devices' })}`,
      });
    },
    ...refetchAfter,
  });
}

export function useEditDevice() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (input: RepairDeviceEditInput) => {
      const id = input.device_id;
      return callOrQueue(endpoints.repairDeviceEdit, input, { label: t`Edit of tracked device #${id}` });
    },
    ...refetchAfter,
  });
}

export function useBadgeChange() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (input: RepairBadgeChangeInput) => {
      const n = input.device_ids.length;
      return callOrQueue(endpoints.repairBadgeChange, input, {
        label: t`Badge change of ${plural(n, { one: '# device', other: '# devices' })}`,
      });
    },
    ...refetchAfter,
  });
}

export function useRefresh() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (input: RepairRefreshInput) => callApi(endpoints.repairRefresh, input),
    ...refetchAfter,
  });
}

export function useWatch(watch: boolean) {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (input: MonitorWatchInput) =>
      callApi(watch ? endpoints.monitorWatch : endpoints.monitorUnwatch, input),
    ...refetchAfter,
  });
}

export function useCustomerLink() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (deviceId: number) => callApi(endpoints.customerLinkCreate, { device_id: deviceId }),
    ...refetchAfter,
  });
}

export function useRevokeLink() {
  const refetchAfter = useInvalidateRepairs();
  return useMutation({
    mutationFn: (deviceId: number) => callApi(endpoints.customerLinkRevoke, { device_id: deviceId }),
    ...refetchAfter,
  });
}
