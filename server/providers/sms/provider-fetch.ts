import { SmsSendError } from './provider.ts';

/** How long a call to an SMS provider may take before it counts as unreachable (like the payment providers'). */
export const SMS_TIMEOUT_MS = 8000;

/** Digits that could be a phone number are cut from provider messages before they reach a log. */
export const withoutNumbers = (text: string): string => text.replace(/\+?\d{7,}/g, '[number]');

/**
 * One HTTP call to an SMS provider's API: a network failure or the timeout is an SmsSendError
 * `failed` ("`who` unreachable"); any answer, whatever its status, is the caller's to judge.
 */
export async function fetchSmsProvider(
  who: string,
  url: string,
  init: Omit<RequestInit, 'signal'>,
  timeoutMs: number = SMS_TIMEOUT_MS,
): Promise<{ res: Response; text: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { res, text: await res.text() };
  } catch (err) {
    // The error may name the URL, whose query holds the phone number (Aliyun): no digits in the log.
    const why =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer in ${timeoutMs} ms`
        : withoutNumbers(String(err));
    throw new SmsSendError('failed', `${who} unreachable: ${why}`);
  }
}
