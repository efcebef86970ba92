import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginInput } from '#contract/schemas/auth.ts';
import type { ResetPasswordInput } from '#contract/schemas/account.ts';
import type { RegisterInput } from '#contract/schemas/signup.ts';
import { callApi } from '#src/lib/api/client.ts';
import { authEndpoints as endpoints } from '#src/lib/api/endpoint-refs.ts';
import { signedIn } from '../session.ts';

export const authKeys = {
  all: ['auth'] as const,
  puzzle: (attempt: number) => [...authKeys.all, 'puzzle', attempt] as const,
};

/** A fresh puzzle per attempt; never cached or persisted (single use, answer on the server). */
export const puzzleQuery = (attempt: number) =>
  queryOptions({
    queryKey: authKeys.puzzle(attempt),
    queryFn: ({ signal }) => callApi(endpoints.tncode, {}, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { persist: false },
  });

export function useLoginMutation() {
  return useMutation({
    mutationFn: (input: z.input<typeof loginInput>) => callApi(endpoints.login, input),
    onSuccess: (datas) => signedIn(datas),
  });
}

export const startWxLogin = () => callApi(endpoints.qrcode, { purpose: 'login' });
export const pollWxLogin = (uniqid: string) => callApi(endpoints.wxok, { uniqid, purpose: 'login' });

export const registerShop = (input: RegisterInput) => callApi(endpoints.register, input);
export const resetPassword = (input: ResetPasswordInput) => callApi(endpoints.resetPassword, input);
