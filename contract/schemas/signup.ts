import { z } from 'zod';
import { requestId, safeText } from './common.ts';
import { newPasswordSchema, phoneSchema, smsCodeSchema } from './account.ts';
import { newUsernameSchema, realNameSchema } from './team.ts';

// Sign-up of a new shop (docs/decisions/0007-sign-up-and-reset.md). Its own file because it takes
// the username and name rules of team.ts, which itself builds on account.ts.

export const SHOP_NAME_MAX = 64;
export const EMAIL_MAX = 254;

/**
 * A new shop signs up: a new account and its first Admin. The phone is proven by an SMS code
 * (purpose `register`), which keeps bots out and gives the Admin a way to reset the password.
 */
export const registerInput = z.object({
  shop_name: safeText({ min: 1, max: SHOP_NAME_MAX }),
  full_name: realNameSchema,
  username: newUsernameSchema,
  email: z.string().trim().max(EMAIL_MAX).pipe(z.email()),
  password: newPasswordSchema,
  phone: phoneSchema,
  code: smsCodeSchema,
  request_id: requestId.optional(),
});
export type RegisterInput = z.input<typeof registerInput>;
