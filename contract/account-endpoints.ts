import { defineEndpoint } from './endpoint.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import { loginOutput } from './schemas/auth.ts';
import {
  bindingPhoneInput,
  bindingPhoneOutput,
  editPasswordInput,
  editPasswordSmsInput,
  resetPasswordInput,
  resetPasswordOutput,
  sendSmsInput,
  sendSmsOutput,
  userCenterOutput,
} from './schemas/account.ts';
import { registerInput } from './schemas/signup.ts';

/**
 * The account's endpoints: the personal center, passwords, SMS codes and the phone, signing up a
 * new shop and resetting a forgotten password. Spread into endpoints.ts.
 */
export const accountEndpoints = {
  // Personal center, passwords, SMS and phone
  userCenter: defineEndpoint({
    path: '/api/user/user_center',
    access: 'user',
    input: emptyInput,
    output: userCenterOutput,
    summary: "The personal center: the caller's profile, balance (spendable and frozen), VIP level and end.",
  }),
  editPassword: defineEndpoint({
    path: '/api/user/edit_password',
    access: 'user',
    input: editPasswordInput,
    output: emptyOutput,
    summary: "Change the caller's password given the old one; the caller's other sessions are signed out.",
  }),
  sendSms: defineEndpoint({
    path: '/api/user/sendsms',
    access: 'public',
    input: sendSmsInput,
    output: sendSmsOutput,
    summary:
      'Send a 6-digit SMS code for a purpose (rate limited per phone and per client); answers the resend cooldown and expiry. edit_password needs the token and the bound phone. Without an SMS provider (production) every purpose answers SMS_NOT_CONFIGURED; the provider throttling or refusing answers SMS_PROVIDER_THROTTLED, SMS_SEND_FAILED or SMS_PHONE_REFUSED, and no code is kept.',
  }),
  editPasswordSms: defineEndpoint({
    path: '/api/user/edit_password_sms',
    access: 'user',
    input: editPasswordSmsInput,
    output: emptyOutput,
    summary:
      "Change the caller's password with an SMS code (purpose edit_password) sent to the bound phone; other sessions are signed out.",
  }),
  bindingPhone: defineEndpoint({
    path: '/api/user/binding_phone',
    access: 'user',
    input: bindingPhoneInput,
    output: bindingPhoneOutput,
    summary: "Bind or replace the caller's phone, proven by an SMS code (purpose binding_phone) sent to it.",
  }),
  register: defineEndpoint({
    path: '/api/login/register',
    access: 'public',
    input: registerInput,
    output: loginOutput,
    summary:
      'Sign up a new shop: creates the account and its first Admin (phone proven by an SMS code, purpose register); answers the login datas.',
  }),
  resetPassword: defineEndpoint({
    path: '/api/login/reset_password',
    access: 'public',
    input: resetPasswordInput,
    output: resetPasswordOutput,
    summary:
      'Reset a forgotten password with an SMS code (purpose reset_password) sent to the bound phone; ends every session of that user.',
  }),
};
