import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserCenter } from '#contract/schemas/account.ts';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import type { RefInput } from '#contract/endpoint.ts';
import { callApi } from '#src/lib/api/client.ts';

export const accountKeys = {
  all: ['account'] as const,
  center: () => [...accountKeys.all, 'center'] as const,
};

export const userCenterQuery = () =>
  queryOptions({
    queryKey: accountKeys.center(),
    queryFn: ({ signal }) => callApi(endpoints.userCenter, {}, { signal }),
  });

/** A write of the personal center; the profile is fetched again after it. */
function useAccountWrite<E extends (typeof endpoints)[keyof typeof endpoints]>(endpoint: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefInput<E>) => callApi(endpoint, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export const useEditPassword = () => useAccountWrite(endpoints.editPassword);
export const useEditPasswordSms = () => useAccountWrite(endpoints.editPasswordSms);
export const useBindingPhone = () => useAccountWrite(endpoints.bindingPhone);
export const useUnbindWx = () => useAccountWrite(endpoints.unbindWx);

export const startWxScene = (purpose: 'login' | 'bind') => callApi(endpoints.qrcode, { purpose });
export const pollWxScene = (uniqid: string, purpose: 'login' | 'bind') =>
  callApi(endpoints.wxok, { uniqid, purpose });

/** The wallet figures of a 'wallet:changed' event, shown in the personal center before its refetch. */
export function patchCenterWallet(
  queryClient: QueryClient,
  event: { integral: number; frozen: number; vip_level: number; vip_end_time: number },
): void {
  queryClient.setQueryData<UserCenter>(accountKeys.center(), (old) =>
    old
      ? {
          ...old,
          integral: event.integral,
          frozen_integral: event.frozen,
          vip_level: event.vip_level,
          vip_end_time: event.vip_end_time,
        }
      : old,
  );
  void queryClient.invalidateQueries({ queryKey: accountKeys.all });
}
