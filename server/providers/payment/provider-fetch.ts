import { PaymentApiError } from './provider.ts';

/** How long a call to Alipay's or WeChat Pay's API may take before it counts as unreachable. */
const TIMEOUT_MS = 8000;

/**
 * One HTTP call to a payment provider's API: a network failure or the timeout is a PaymentApiError
 * "`who` unreachable"; any answer, whatever its status, is the caller's to judge (and verify).
 */
export async function fetchProvider(
  who: string,
  url: string,
  init: Omit<RequestInit, 'signal'>,
): Promise<{ res: Response; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new PaymentApiError(`${who} unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { res, text: await res.text() };
}
