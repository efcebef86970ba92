import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ErrCode } from '#contract/errcodes.ts';
import { loadAllMessages } from '#src/lib/i18n.ts';
import { counterErrorMessages, counterRefusalAmount } from './counter-error-messages.ts';
import { ApiError, DuplicateRequestError, NetworkError } from './errors.ts';

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
  [ErrCode.LOGIN_FAILED]: msg`Wrong username or password`,
  [ErrCode.REQUEST_ID_REUSED]: msg`This request was already used for another change; please try again`,
  [ErrCode.BODY_TOO_LARGE]: msg`The request is too large`,
  [ErrCode.OUTBOX_WRITE_NOT_REPLAYABLE]: msg`This change cannot be sent from the offline queue`,
  [ErrCode.LOGIN_UNKNOWN_USER]: msg`This user does not exist`,
  [ErrCode.LOGIN_WRONG_PASSWORD]: msg`Wrong password`,
  [ErrCode.PUZZLE_WRONG]: msg`The puzzle was not solved, please try again`,
  [ErrCode.PUZZLE_EXPIRED]: msg`The puzzle has expired, please try a new one`,
  [ErrCode.PUZZLE_USED]: msg`The puzzle was already used, please try a new one`,
  [ErrCode.PUZZLE_UNKNOWN]: msg`The puzzle was not found, please try a new one`,
  [ErrCode.ACCOUNT_DISABLED]: msg`This account is disabled, please contact your administrator`,
  [ErrCode.USERNAME_TAKEN]: msg`This username is taken`,
  [ErrCode.EMPLOYEE_NOT_FOUND]: msg`This employee was not found`,
  [ErrCode.CANNOT_CHANGE_SELF]: msg`You cannot disable yourself or give up your own Admin role`,
  [ErrCode.LAST_ADMIN]: msg`The shop must keep at least one Admin`,
  [ErrCode.WRONG_OLD_PASSWORD]: msg`The current password is wrong`,
  [ErrCode.SMS_CODE_WRONG]: msg`Wrong code`,
  [ErrCode.SMS_CODE_EXPIRED]: msg`The code has expired, please request a new one`,
  [ErrCode.SMS_CODE_USED]: msg`The code was already used, please request a new one`,
  [ErrCode.SMS_CODE_BURNT]: msg`Too many wrong codes, please request a new one`,
  [ErrCode.PHONE_NOT_BOUND]: msg`No phone is bound to this account`,
  [ErrCode.PHONE_MISMATCH]: msg`This is not the bound phone`,
  [ErrCode.PHONE_TAKEN]: msg`This phone is bound to another user`,
  // Intake answers its refused lines with this code; the screen shows them as the list named here.
  [ErrCode.REPAIR_NO_VALID_LINES]: msg`No device can be taken in: the list below gives each line's reason`,
  [ErrCode.WX_NOT_BOUND]: msg`This WeChat is not bound to any account: sign in with your password and bind it in the personal center`,
  [ErrCode.WX_BOUND_TO_OTHER]: msg`This WeChat is bound to another user`,
  [ErrCode.WX_NOT_CONFIGURED]: msg`WeChat sign-in is not configured`,
  [ErrCode.WX_AUTH_FAILED]: msg`WeChat sign-in failed, please try again`,
  [ErrCode.WX_SCENE_INVALID]: msg`This QR code is no longer valid, please use a new one`,
  [ErrCode.SERVICE_MAINTENANCE]: msg`A chosen check service is under maintenance and cannot be ordered now`,
  [ErrCode.SERVICE_UNKNOWN]: msg`A chosen check service does not exist`,
  [ErrCode.INSUFFICIENT_POINTS]: msg`Not enough points for this order, please recharge first`,
  [ErrCode.ORDER_NOT_FOUND]: msg`This check order does not exist`,
  [ErrCode.ORDER_NO_VALID_DEVICES]: msg`None of the lines is a valid, new SN or IMEI`,
  [ErrCode.TODO_NOT_FOUND]: msg`This todo item does not exist`,
  [ErrCode.SURVEY_NOT_FOUND]: msg`This survey does not exist`,
  [ErrCode.CHAT_CONTACT_UNKNOWN]: msg`This colleague is not in your shop`,
  [ErrCode.ORDER_RUNNING]: msg`The order is still being checked; delete it when it has finished`,
  [ErrCode.DERIVE_NO_DEVICES]: msg`No device is selected`,
  [ErrCode.ORDER_NOT_RESTORABLE]: msg`This order cannot be restored`,
  [ErrCode.EXPORT_NOT_FOUND]: msg`This export does not exist`,
  [ErrCode.EXPORT_NOT_READY]: msg`The export has not finished yet, please download it later`,
  [ErrCode.EXPORT_LINK_EXPIRED]: msg`The download link has expired, please download again from the download center`,
  [ErrCode.EXPORT_LINK_FOREIGN]: msg`This download link belongs to another account`,
  [ErrCode.EXPORT_FILE_EXPIRED]: msg`The file was kept for its set time and has been deleted, please export again`,
  [ErrCode.EXPORT_COLUMNS_UNKNOWN]: msg`Some export columns do not exist`,
  [ErrCode.EXPORT_TOO_MANY]: msg`Too many exports are running, please wait for them to finish`,
  [ErrCode.EXPORT_NOT_RETRYABLE]: msg`This export does not need to run again`,
  [ErrCode.OCR_NOT_IMAGE]: msg`The file is not an image (PNG, JPEG or WebP)`,
  [ErrCode.OCR_NO_TEXT]: msg`No text was found in the photo: aim at the label, hold still and take it again`,
  [ErrCode.OCR_TOO_LARGE]: msg`The image is too large, please make it smaller`,
  [ErrCode.OCR_BUSY]: msg`Text recognition is busy, please try again in a moment`,
  [ErrCode.OCR_FAILED]: msg`This image could not be read, please use another photo`,
  [ErrCode.SMS_NOT_CONFIGURED]: msg`Text messages are not configured on this server, so no code can be sent. Please contact your administrator.`,
  [ErrCode.SMS_PROVIDER_THROTTLED]: msg`Too many text messages for now, please try again later`,
  [ErrCode.SMS_SEND_FAILED]: msg`The text message could not be sent, please try again later`,
  [ErrCode.SMS_PHONE_REFUSED]: msg`This phone number cannot receive text messages, please check it`,
  [ErrCode.CHECKS_NOT_CONFIGURED]: msg`Device checks are not configured on this server: nothing was ordered and no points were used. Please contact your administrator`,
  [ErrCode.REPAIRS_NOT_CONFIGURED]: msg`Repair status lookups are not configured on this server: nothing was queried and no points were used. Please contact your administrator`,
  [ErrCode.OCR_TOO_MANY_PIXELS]: msg`The image has too many pixels (at most 50 megapixels), please make it smaller`,
  // Going live (issue 24)
  [ErrCode.PAYMENT_NOT_CONFIGURED]: msg`Recharge is not configured on this server; nothing was charged`,
  // The shop counter (issue 26): 9000-9099, in their own file.
  ...counterErrorMessages,
};

/**
 * These texts are in the app's catalog, not the sign-in one (decision 0025): the client waits for it
 * before the first message it shows (on the sign-in page the form's focus has fetched it already).
 */
export const loadErrorMessages = (): Promise<void> => loadAllMessages();

export function localizedErrorMessage(errcode: number, serverMsg: string, datas: unknown): string {
  const text = localizedText(errcode, serverMsg, datas);
  // A counter money refusal says how much is due or held, in yuan (the same figure in every language).
  const amount = counterRefusalAmount(errcode, datas);
  return amount === null ? text : `${text} (¥${amount})`;
}

function localizedText(errcode: number, serverMsg: string, datas: unknown): string {
  // In Chinese the server's own message is the most precise (it names the invalid fields).
  if (i18n.locale === 'zh' && serverMsg) return serverMsg;
  if (errcode === ErrCode.RATE_LIMITED) {
    const seconds = (datas as { retry_after_seconds?: number } | null)?.retry_after_seconds ?? 60;
    return i18n._(msg`Too many attempts, please try again in ${seconds} s`);
  }
  const descriptor = known[errcode];
  return descriptor ? i18n._(descriptor) : serverMsg;
}

/**
 * What a screen says in red when an action failed: the server's refusal in the user's language, or
 * nothing when the API client has already said it (offline, time-out, duplicate request: its toast and
 * the offline indicator). Never the error's class and message ("NetworkError: offline", issue 27),
 * which also stayed on screen after the network came back.
 */
export function actionErrorText(err: unknown): string | null {
  if (err instanceof ApiError) return localizedErrorMessage(err.errcode, err.message, err.datas);
  if (err instanceof NetworkError || err instanceof DuplicateRequestError) return null;
  return i18n._(msg`Something went wrong, please try again`);
}
