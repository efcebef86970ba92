import { z } from 'zod';
import { roleSchema } from './role.ts';
import { loginOutput, userDatas } from './auth.ts';
import { PASSWORD_MAX } from '../auth-limits.ts';
import {
  UNSAFE_TEXT,
  UNSAFE_TEXT_MESSAGE,
  hundredths,
  isSafeText,
  opaqueId,
  requestId,
  safeText,
  unixTime,
} from './common.ts';
import {
  NEW_PASSWORD_MIN,
  NEW_PASSWORD_MAX,
  PASSWORD_LETTER_RE,
  PASSWORD_DIGIT_RE,
  PHONE_RE,
  SMS_CODE_RE,
} from '../values/account.ts';
export * from '../values/account.ts';

// ---------------------------------------------------------------------------------------------
// Shared field rules (the PWA's forms use the same schemas and constants).
// ---------------------------------------------------------------------------------------------

/**
 * A password being set: 8-64 characters with at least one letter and one digit. Not trimmed (a
 * password is taken as typed), but leading or trailing white space is refused so that a form that
 * trims and one that does not can never disagree.
 */
export const newPasswordSchema = z
  .string()
  .min(NEW_PASSWORD_MIN, { error: `At least ${NEW_PASSWORD_MIN} characters.` })
  .max(NEW_PASSWORD_MAX, { error: `At most ${NEW_PASSWORD_MAX} characters.` })
  .regex(PASSWORD_LETTER_RE, { error: 'At least one letter.' })
  .regex(PASSWORD_DIGIT_RE, { error: 'At least one digit.' })
  .refine((s) => s.trim() === s, { error: 'No spaces at the start or end.' })
  .refine((s) => isSafeText(s), { error: UNSAFE_TEXT_MESSAGE, params: { reason: UNSAFE_TEXT } });

/** The current password, as typed; checked by the server, so only bounded here. */
export const currentPasswordSchema = safeText({ min: 1, max: PASSWORD_MAX, trim: false });

export const phoneSchema = z
  .string()
  .trim()
  .regex(PHONE_RE, { error: 'Not a mainland China mobile number.' });

export const SMS_CODE_LENGTH = 6;
export const smsCodeSchema = z.string().trim().regex(SMS_CODE_RE, { error: 'The code has 6 digits.' });

/**
 * What an SMS code is for. A code is only accepted by the call of its purpose:
 * - edit_password: `edit_password_sms` (the phone must be the caller's bound phone);
 * - binding_phone: `binding_phone` (the new phone to bind);
 * - reset_password: the signed-out "forgot password" flow (`/user/reset-password`; reserved, no
 *   call takes it yet);
 * - login: sign-in by SMS code (reserved, no call takes it yet);
 * - register: a new shop's sign-up (`register`), proving the new Admin's phone.
 */
export const smsPurposeSchema = z.enum([
  'edit_password',
  'binding_phone',
  'reset_password',
  'login',
  'register',
]);
export type SmsPurpose = z.infer<typeof smsPurposeSchema>;

/** What a WeChat QR scan is for: sign in (public) or bind the scanner's WeChat to the signed-in user. */
export const wxPurposeSchema = z.enum(['login', 'bind']);
export type WxPurpose = z.infer<typeof wxPurposeSchema>;

// ---------------------------------------------------------------------------------------------
// user_center
// ---------------------------------------------------------------------------------------------

/** The personal center: the signed-in user's profile, wallet balance and VIP state. */
export const userCenterOutput = z.object({
  user_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  avatar: z.string(),
  /** Masked for display, like `138****5678`; '' when no phone is bound. */
  phone_number: z.string(),
  /** Whether a WeChat account is bound (the openid itself is not shown here). */
  wx_bound: z.boolean(),
  /** 0 = no VIP. The level sets quotas (monitored devices, ...). */
  vip_level: z.number().int().nonnegative(),
  /** When the VIP level ends; 0 when never had one. */
  vip_end_time: unixTime,
  /** Spendable points in hundredths. */
  integral: hundredths,
  /** Points in hundredths held by check orders still running (not spendable, not yet spent). */
  frozen_integral: hundredths,
  account_id: z.number().int(),
  /** The shop (tenant) name. */
  account_name: z.string(),
  role: roleSchema,
});
export type UserCenter = z.infer<typeof userCenterOutput>;

// ---------------------------------------------------------------------------------------------
// Passwords
// ---------------------------------------------------------------------------------------------

export const editPasswordInput = z
  .object({
    old_password: currentPasswordSchema,
    new_password: newPasswordSchema,
    request_id: requestId.optional(),
  })
  .refine((v) => v.old_password !== v.new_password, {
    error: 'The new password must differ from the old one.',
    path: ['new_password'],
  });
export type EditPasswordInput = z.input<typeof editPasswordInput>;

/** Change the password with an SMS code (purpose `edit_password`) sent to the bound phone. */
export const editPasswordSmsInput = z.object({
  code: smsCodeSchema,
  new_password: newPasswordSchema,
  request_id: requestId.optional(),
});
export type EditPasswordSmsInput = z.input<typeof editPasswordSmsInput>;

// ---------------------------------------------------------------------------------------------
// SMS and phone
// ---------------------------------------------------------------------------------------------

export const sendSmsInput = z.object({
  phone: phoneSchema,
  purpose: smsPurposeSchema,
  /** Makes a retried send idempotent: the replay answers the first answer and sends nothing. */
  request_id: requestId.optional(),
});
export type SendSmsInput = z.input<typeof sendSmsInput>;

export const sendSmsOutput = z.object({
  /** Seconds before another code may be requested for this phone and purpose (the resend button). */
  cooldown: z.number().int().nonnegative(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int().positive(),
  /** True when the sandbox SMS provider took the message (the code is in the server log). */
  sandbox: z.boolean(),
});
export type SendSmsDatas = z.infer<typeof sendSmsOutput>;

/** Bind (or replace) the caller's phone, proven by an SMS code (purpose `binding_phone`) sent to it. */
export const bindingPhoneInput = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  request_id: requestId.optional(),
});
export type BindingPhoneInput = z.input<typeof bindingPhoneInput>;

export const bindingPhoneOutput = z.object({
  /** The bound phone, masked like in user_center. */
  phone_number: z.string(),
});
export type BindingPhoneDatas = z.infer<typeof bindingPhoneOutput>;

// ---------------------------------------------------------------------------------------------
// WeChat QR login and binding
// ---------------------------------------------------------------------------------------------

/**
 * Start a WeChat QR scene. `purpose: 'bind'` needs the session token (header); the scene then
 * belongs to that user, and only that user's `wxok` polls can complete it.
 */
export const qrcodeInput = z.object({ purpose: wxPurposeSchema.default('login') }).prefault({});
export type QrcodeInput = z.input<typeof qrcodeInput>;

export const qrcodeOutput = z.object({
  /** The scene id, polled with `wxok` as `uniqid`. */
  uniqid: z.string(),
  /** The text to render as a QR code (a URL: WeChat's, or the sandbox scan page). */
  qr_content: z.string(),
  /** Seconds before the scene expires; then `wxok` answers `expired` and the PWA offers a new code. */
  expires_in: z.number().int().positive(),
  /** Seconds the PWA waits between two `wxok` polls. */
  poll_interval: z.number().int().positive(),
  /** True when the sandbox WeChat provider made the scene (scan it on the sandbox page). */
  sandbox: z.boolean(),
});
export type QrcodeDatas = z.infer<typeof qrcodeOutput>;

/** Poll a QR scene. `purpose` must be the one the scene was made for. */
export const wxokInput = z.object({
  uniqid: opaqueId(64),
  purpose: wxPurposeSchema.default('login'),
});
export type WxokInput = z.input<typeof wxokInput>;

/**
 * The state of a QR scene, told apart by `status` (always errcode 0, so a poll never toasts):
 * - pending: not scanned yet; scanned: scanned, waiting for the user to confirm on the phone;
 * - expired: too late, start a new scene;
 * - logged_in (purpose login): the login datas, token included;
 * - bound (purpose bind): the caller's user datas, now with its wx_openid.
 * Refusals are errors: a WeChat bound to no user (WX_NOT_BOUND), a disabled account
 * (ACCOUNT_DISABLED), a WeChat already bound to another user (WX_BOUND_TO_OTHER), a bind scene
 * polled by someone else (FORBIDDEN), a scene polled with the wrong purpose (WX_SCENE_INVALID).
 * A confirmed scene answers once: the next poll answers 'expired' (as does an unknown uniqid).
 */
export const wxokOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('scanned') }),
  z.object({ status: z.literal('expired') }),
  loginOutput.extend({ status: z.literal('logged_in') }),
  userDatas.extend({ status: z.literal('bound') }),
]);
export type WxokDatas = z.infer<typeof wxokOutput>;

/**
 * Remove a WeChat binding. Without `user_id` (or with the caller's own id) it unbinds the caller;
 * an Admin may pass the `user_id` of an employee of the same account, an Editor only its own.
 */
export const unbindWxInput = z
  .object({
    user_id: z.number().int().positive().optional(),
    request_id: requestId.optional(),
  })
  .prefault({});
export type UnbindWxInput = z.input<typeof unbindWxInput>;

// ---------------------------------------------------------------------------------------------
// Password reset (docs/decisions/0007-sign-up-and-reset.md); sign-up is in schemas/signup.ts
// ---------------------------------------------------------------------------------------------

/**
 * Forgotten password: a code (purpose `reset_password`) sent to the phone bound to the user proves
 * who asks; the new password replaces the old one and every session of the user ends.
 */
export const resetPasswordInput = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  new_password: newPasswordSchema,
  request_id: requestId.optional(),
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

export const resetPasswordOutput = z.object({
  /** The user whose password was reset, so the page can prefill the sign-in form. */
  username: z.string(),
});
