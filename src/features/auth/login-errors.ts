import { ErrCode } from '#contract/errcodes.ts';
import { ApiError, invalidFields } from '#src/lib/api/errors.ts';

export type LoginField = 'username' | 'password';

/** Where a failed sign-in is shown: next to a field, on the puzzle, or above the form. */
export type LoginFailure =
  | { where: 'field'; field: LoginField; code: number }
  | { where: 'fields'; fields: LoginField[] }
  | { where: 'puzzle'; code: number }
  | { where: 'form'; code: number; retryAfterSeconds?: number }
  | { where: 'none' };

const PUZZLE_CODES: ReadonlySet<number> = new Set([
  ErrCode.PUZZLE_WRONG,
  ErrCode.PUZZLE_EXPIRED,
  ErrCode.PUZZLE_USED,
  ErrCode.PUZZLE_UNKNOWN,
]);

export function classifyLoginError(err: unknown): LoginFailure {
  if (!(err instanceof ApiError)) return { where: 'none' };
  if (err.errcode === ErrCode.LOGIN_UNKNOWN_USER)
    return { where: 'field', field: 'username', code: err.errcode };
  // The server answers one generic failure for an unknown user and a wrong password (issue 15).
  if (err.errcode === ErrCode.LOGIN_WRONG_PASSWORD || err.errcode === ErrCode.LOGIN_FAILED)
    return { where: 'field', field: 'password', code: err.errcode };
  if (PUZZLE_CODES.has(err.errcode)) return { where: 'puzzle', code: err.errcode };
  if (err.errcode === ErrCode.INVALID_INPUT) {
    const fields = Object.keys(invalidFields(err)).filter(
      (f): f is LoginField => f === 'username' || f === 'password',
    );
    if (fields.length) return { where: 'fields', fields };
    // tn_r or uniqid refused: the puzzle answer was malformed.
    return { where: 'puzzle', code: ErrCode.PUZZLE_WRONG };
  }
  if (err.errcode === ErrCode.RATE_LIMITED) {
    const seconds = (err.datas as { retry_after_seconds?: number } | null)?.retry_after_seconds;
    return { where: 'form', code: err.errcode, retryAfterSeconds: seconds ?? 60 };
  }
  return { where: 'form', code: err.errcode };
}
