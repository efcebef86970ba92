import type { z } from 'zod';
import type { loginInput } from '#contract/schemas/auth.ts';
import type { ResetPasswordInput } from '#contract/schemas/account.ts';
import type { RegisterInput } from '#contract/schemas/signup.ts';
import { callApi } from '#src/lib/api/client.ts';
import { authEndpoints as endpoints } from '#src/lib/api/endpoint-refs.ts';
import { signedIn } from '../session.ts';

// The sign-in page's calls are plain functions, not react-query: the sign-in page loads without the
// query client (decision 0025).

/** A fresh puzzle per attempt (single use, its answer stays on the server); never cached. */
export const fetchPuzzle = (signal?: AbortSignal) => callApi(endpoints.tncode, {}, { signal });

/** Signs in; the session keeps the token and the user. The form shows its failures itself. */
export async function login(input: z.input<typeof loginInput>) {
  return signedIn(await callApi(endpoints.login, input, { ownErrors: true }));
}

export const startWxLogin = () => callApi(endpoints.qrcode, { purpose: 'login' });
export const pollWxLogin = (uniqid: string) => callApi(endpoints.wxok, { uniqid, purpose: 'login' });

export const registerShop = (input: RegisterInput) => callApi(endpoints.register, input);
export const resetPassword = (input: ResetPasswordInput) => callApi(endpoints.resetPassword, input);
