import { ErrCode } from '#contract/errcodes.ts';
import { ApiError } from '#src/lib/api/errors.ts';

/** The customer a CUSTOMER_PHONE_TAKEN refusal names (the one who already has that phone), or null. */
export function phoneOwnerOf(err: unknown): { customer_id: number; name: string } | null {
  if (!(err instanceof ApiError) || err.errcode !== ErrCode.CUSTOMER_PHONE_TAKEN) return null;
  const datas = err.datas as { customer_id?: unknown; name?: unknown } | null;
  return typeof datas?.customer_id === 'number' && typeof datas.name === 'string'
    ? { customer_id: datas.customer_id, name: datas.name }
    : null;
}
