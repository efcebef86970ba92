import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ErrCode } from '#contract/errcodes.ts';

/**
 * The server answers Chinese messages; for the codes the PWA knows it shows its own text in the
 * user's language. Unknown codes show the server's msg as it is.
 */
const known: Partial<Record<number, MessageDescriptor>> = {
  [ErrCode.INTERNAL]: msg`Server error, please try again later`,
  [ErrCode.INVALID_INPUT]: msg`Some of the information entered is not valid`,
  [ErrCode.FORBIDDEN]: msg`You are not allowed to do this`,
  [ErrCode.NOT_FOUND]: msg`This service does not exist`,
  [ErrCode.NOT_IMPLEMENTED]: msg`This feature is not available yet`,
  [ErrCode.LOGIN_UNKNOWN_USER]: msg`This user does not exist`,
  [ErrCode.LOGIN_WRONG_PASSWORD]: msg`Wrong password`,
  [ErrCode.PUZZLE_WRONG]: msg`The puzzle was not solved, please try again`,
  [ErrCode.PUZZLE_EXPIRED]: msg`The puzzle has expired, please try a new one`,
  [ErrCode.PUZZLE_USED]: msg`The puzzle was already used, please try a new one`,
  [ErrCode.PUZZLE_UNKNOWN]: msg`The puzzle was not found, please try a new one`,
  [ErrCode.ACCOUNT_DISABLED]: msg`This account is disabled, please contact your administrator`,
};

export function localizedErrorMessage(errcode: number, serverMsg: string, datas: unknown): string {
  // In Chinese the server's own message is the most precise (it names the invalid fields).
  if (i18n.locale === 'zh' && serverMsg) return serverMsg;
  if (errcode === ErrCode.RATE_LIMITED) {
    const seconds = (datas as { retry_after_seconds?: number } | null)?.retry_after_seconds ?? 60;
    return i18n._(msg`Too many attempts, please try again in ${seconds} s`);
  }
  const descriptor = known[errcode];
  return descriptor ? i18n._(descriptor) : serverMsg;
}
