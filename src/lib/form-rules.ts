/** Field rules of the account and team forms, from the contract's constants, as translatable messages. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  NEW_PASSWORD_MAX,
  NEW_PASSWORD_MIN,
  PASSWORD_DIGIT_RE,
  PASSWORD_LETTER_RE,
  PHONE_RE,
  SMS_CODE_RE,
} from '#contract/values/account.ts';
import { USERNAME_MAX } from '#contract/auth-limits.ts';
import { REAL_NAME_MAX, USERNAME_MIN, USERNAME_RE } from '#contract/values/team.ts';

/** What is wrong with a password being set (the contract's rule), or null. */
export function newPasswordProblem(password: string): MessageDescriptor | null {
  if (!password) return msg`Please enter the new password`;
  if (password.length < NEW_PASSWORD_MIN) return msg`At least ${NEW_PASSWORD_MIN} characters`;
  if (password.length > NEW_PASSWORD_MAX) return msg`At most ${NEW_PASSWORD_MAX} characters`;
  if (!PASSWORD_LETTER_RE.test(password) || !PASSWORD_DIGIT_RE.test(password))
    return msg`Use letters and digits`;
  if (password.trim() !== password) return msg`No spaces at the start or end`;
  return null;
}

export function confirmProblem(password: string, again: string): MessageDescriptor | null {
  return password === again ? null : msg`The two passwords differ`;
}

export function phoneProblem(phone: string): MessageDescriptor | null {
  if (!phone.trim()) return msg`Please enter the phone number`;
  return PHONE_RE.test(phone.trim()) ? null : msg`Not a mainland China mobile number`;
}

export function smsCodeProblem(code: string): MessageDescriptor | null {
  if (!code.trim()) return msg`Please enter the code`;
  return SMS_CODE_RE.test(code.trim()) ? null : msg`The code has 6 digits`;
}

export function usernameProblem(username: string): MessageDescriptor | null {
  const u = username.trim();
  if (!u) return msg`Please enter a username`;
  if (u.length < USERNAME_MIN || u.length > USERNAME_MAX)
    return msg`${USERNAME_MIN} to ${USERNAME_MAX} characters`;
  return USERNAME_RE.test(u) ? null : msg`Letters, digits and _ . @ - only, starting with a letter or digit`;
}

export function realNameProblem(name: string): MessageDescriptor | null {
  const n = name.trim();
  if (!n) return msg`Please enter the name`;
  return n.length > REAL_NAME_MAX ? msg`At most ${REAL_NAME_MAX} characters` : null;
}

export function requiredProblem(value: string, problem: MessageDescriptor): MessageDescriptor | null {
  return value.trim() ? null : problem;
}

/** A plausible e-mail address (the server checks it strictly). */
export function emailProblem(email: string): MessageDescriptor | null {
  if (!email.trim()) return msg`Please enter the e-mail address`;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? null : msg`Not a valid e-mail address`;
}
