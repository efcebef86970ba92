import { ErrCode, quietSuccessMsgs, silentErrCodes } from '#contract/errcodes.ts';

/** Spec section 9 and 8. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const TOAST_MS = 4000;
export const DUPLICATE_TOAST_MS = 1000;
export const SESSION_EXPIRED_RELOAD_MS = 1000;

/** Urls exempt from the in-flight duplicate rule (spec section 5). */
const DUPLICATE_EXEMPT = ['service_group', 'combo_list', 'today_schedule_change', 'get_user'];
export const isDuplicateExempt = (url: string): boolean =>
  DUPLICATE_EXEMPT.some((part) => url.includes(part));

/** What the client does with an envelope (spec section 8), as a pure decision the tests pin down. */
export type EnvelopeOutcome =
  | { kind: 'ok'; toast: string | null }
  | { kind: 'silent' }
  | { kind: 'session-expired' }
  | { kind: 'warn'; msg: string };

export function envelopeOutcome(errcode: number, msg: string): EnvelopeOutcome {
  if (errcode === ErrCode.OK) return { kind: 'ok', toast: quietSuccessMsgs.has(msg ?? '') ? null : msg };
  if (silentErrCodes.has(errcode)) return { kind: 'silent' };
  if (errcode === ErrCode.SESSION_EXPIRED) return { kind: 'session-expired' };
  return { kind: 'warn', msg };
}
