import { z } from 'zod';
import { roleSchema } from './role.ts';
import { hundredths, opaqueId, safeText, unixTime } from './common.ts';
import { PASSWORD_MAX, USERNAME_MAX } from '../auth-limits.ts';

export const tncodeOutput = z.object({
  /** The puzzle id, sent back with the login as `uniqid`. */
  uniqid: z.string(),
  /** PNG data URL of the background with the gap cut out. */
  bg: z.string(),
  /** PNG data URL of the piece; its left edge sits at x = 0 until the user drags it. */
  piece: z.string(),
  /** Where the piece sits vertically, in image pixels. */
  y: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  piece_width: z.number().int().positive(),
  piece_height: z.number().int().positive(),
  /** Seconds before the puzzle expires. */
  expires_in: z.number().int().positive(),
});
export type Tncode = z.infer<typeof tncodeOutput>;

export const loginInput = z.object({
  username: safeText({ min: 1, max: USERNAME_MAX }),
  password: safeText({ min: 1, max: PASSWORD_MAX, trim: false }),
  /** The slider answer: how far (in image pixels) the user dragged the piece. */
  tn_r: z.preprocess(
    // Numeric strings count (forms send them); a missing value stays missing, so it reads "required".
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number().finite().min(0).max(10_000),
  ),
  uniqid: opaqueId(64),
});

/** The current user as the server describes it (login answer without the token, and get_user). */
export const userDatas = z.object({
  user_id: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  vip_end_time: unixTime,
  /** Points in hundredths: the PWA shows integral / 100. */
  integral: hundredths,
  wx_openid: z.string(),
  phone_number: z.string(),
  role: roleSchema,
  account_id: z.number().int(),
  account_name: z.string(),
});
export type UserDatas = z.infer<typeof userDatas>;

/** Spec section 3: user_id, username, avatar, vip_end_time, integral, wx_openid, phone_number, token. */
export const loginOutput = userDatas.extend({ token: z.string() });
export type LoginDatas = z.infer<typeof loginOutput>;

export const quitInput = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Not a valid token.' })
    .optional(),
});

export const wsAuthCodeOutput = z.object({
  /** Sent as `auth_info` when opening the socket. */
  code: z.string(),
  expires_in: z.number().int().positive(),
});
