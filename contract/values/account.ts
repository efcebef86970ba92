// Values of contract/schemas/account.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** Rules for a password that is being set (new, reset, new employee). Login accepts any old one. */
export const NEW_PASSWORD_MIN = 8;

export const NEW_PASSWORD_MAX = 64;

export const PASSWORD_LETTER_RE = /[A-Za-z]/;

export const PASSWORD_DIGIT_RE = /\d/;

/** A mainland China mobile number, 11 digits, no country code. */
export const PHONE_RE = /^1[3-9]\d{9}$/;

export const SMS_CODE_RE = /^\d{6}$/;
