import { ErrCode, quietSuccessMsgs, silentErrCodes } from '#contract/errcodes.ts';

/** Spec section 9 and 8. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const TOAST_MS = 4000;
export const DUPLICATE_TOAST_MS = 1000;
export const SESSION_EXPIRED_RELOAD_MS = 1000;
/**
 * The staleTime of a list read again each time its page opens (a balance other pages and devices
 * move). Not 0: the page's route loader already asked for it (decision 0054), and the page's
 * useQuery mounts only once the persisted cache is restored, often after that answer came; with 0 it
 * asked the server a second time for the same open (`npm run bench:pages`, shopping center). 2 s:
 * the restore of a 10 MB cache ends ~400 ms after the first render (`npm run bench:offline`), and a
 * page opened again a few seconds later still reads the balance again.
 */
export const READ_EACH_OPEN_MS = 2000;

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
