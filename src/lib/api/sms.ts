import { ErrCode } from '#contract/errcodes.ts';
import type { SmsPurpose } from '#contract/schemas/account.ts';
import { authEndpoints as endpoints } from './endpoint-refs.ts';
import { callApi } from './client.ts';
import { ApiError } from './errors.ts';

/** Sends an SMS code and answers the cooldown in seconds (for SendCodeButton). */
export async function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<number> {
  const datas = await callApi(endpoints.sendSms, { phone, purpose });
  return datas.cooldown;
}

/** The seconds a refused send says to wait (RATE_LIMITED), else 0. */
export function smsRetryAfter(err: unknown): number {
  return err instanceof ApiError
    ? ((err.datas as { retry_after_seconds?: number } | null)?.retry_after_seconds ?? 0)
    : 0;
}

/** The server has no SMS provider (production without one): no code can be sent at all. */
export const smsNotConfigured = (err: unknown): boolean =>
  err instanceof ApiError && err.errcode === ErrCode.SMS_NOT_CONFIGURED;
