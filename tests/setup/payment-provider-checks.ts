// What the tests of every real payment provider (Alipay, WeChat Pay) check alike, against its fake.
import { expect } from 'vitest';
import {
  PaymentApiError,
  type PaymentProvider,
  type PaymentRequest,
} from '#server/providers/payment/provider.ts';

/** A recharge request as the wallet makes it at `now`: 15 minutes to pay. */
export function paymentRequestAt(now: number) {
  return (orderNo: string, amount = 1250): PaymentRequest => ({
    orderNo,
    amount,
    subject: 'RepairOps 积分充值',
    expiresAt: now + 15 * 60_000,
    origin: 'http://localhost',
  });
}

/**
 * The signatures hold both ways, and a dead API is an error: an answer the provider's key did not
 * sign is refused (bad_signature); the provider refuses a call our key did not sign (with its own
 * code, and the fake saw the signature fail); an API that cannot be reached is a PaymentApiError.
 */
export async function expectUntrustedRefused(
  /** The provider's fake: its calls say whether it found our signature good. */
  fake: { readonly calls: readonly { verified: boolean }[] },
  request: (orderNo: string) => PaymentRequest,
  /** The code the provider answers a call with a bad signature. */
  refusedCode: string,
  built: {
    /** With a public key for the provider that is not the one its fake signs with. */
    wrongProviderKey: PaymentProvider;
    /** With a private key of ours that the fake does not know. */
    wrongMerchantKey: PaymentProvider;
    /** With an API address nothing listens on. */
    unreachable: PaymentProvider;
  },
): Promise<void> {
  await expect(built.wrongProviderKey.start(request('R5'))).rejects.toMatchObject({ code: 'bad_signature' });
  await expect(built.wrongMerchantKey.start(request('R6'))).rejects.toMatchObject({ code: refusedCode });
  expect(fake.calls.at(-1)?.verified).toBe(false);
  await expect(built.unreachable.start(request('R7'))).rejects.toBeInstanceOf(PaymentApiError);
}
