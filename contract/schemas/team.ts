import { z } from 'zod';
import { roleSchema } from './role.ts';
import { USERNAME_MAX } from '../auth-limits.ts';
import { pageFields, requestId, safeText, unixTime } from './common.ts';
import { newPasswordSchema, phoneSchema } from './account.ts';
import { USERNAME_MIN, USERNAME_RE, REAL_NAME_MAX } from '../values/team.ts';
export * from '../values/team.ts';

export const KEYWORD_MAX = 64;

/** A username being created. Unique within the whole product (login does not name the shop). */
export const newUsernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN)
  .max(USERNAME_MAX)
  .regex(USERNAME_RE, { error: 'Letters, digits and _ . @ - only.' });

/** The employee's real name, shown in lists and on orders. */
export const realNameSchema = safeText({ min: 1, max: REAL_NAME_MAX });

export const addEmployeeInput = z.object({
  username: newUsernameSchema,
  password: newPasswordSchema,
  real_name: realNameSchema,
  role: roleSchema,
  /** Optional contact number; it becomes the user's phone for SMS codes until the user binds another. */
  phone_number: phoneSchema.optional(),
  request_id: requestId.optional(),
});
export type AddEmployeeInput = z.input<typeof addEmployeeInput>;

/**
 * Edit an employee of the caller's account: only the fields present change. `new_password` resets
 * the password and signs the employee out everywhere; `disabled: true` also signs them out. An
 * Admin cannot disable itself or take its own Admin role (the account keeps at least one Admin).
 */
export const editUserInput = z
  .object({
    user_id: z.number().int().positive(),
    real_name: realNameSchema.optional(),
    role: roleSchema.optional(),
    disabled: z.boolean().optional(),
    new_password: newPasswordSchema.optional(),
    request_id: requestId.optional(),
  })
  .refine(
    (v) =>
      v.real_name !== undefined ||
      v.role !== undefined ||
      v.disabled !== undefined ||
      v.new_password !== undefined,
    { error: 'Nothing to change.' },
  );
export type EditUserInput = z.input<typeof editUserInput>;

export const employeeListInput = z
  .object({
    ...pageFields,
    /** Matches username, real name or phone (substring); '' lists everyone. */
    keyword: safeText({ max: KEYWORD_MAX }).default(''),
  })
  .prefault({});
export type EmployeeListInput = z.input<typeof employeeListInput>;

/** One employee as an Admin sees it (never the password, never the openid itself). */
export const employeeRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  role: roleSchema,
  /** Masked like the personal center's (`138****5678`), the search still matches it in full; '' when none. */
  phone_number: z.string(),
  disabled: z.boolean(),
  wx_bound: z.boolean(),
  created_at: unixTime,
  /** 0 when the employee never signed in. */
  last_login_at: unixTime,
});
export type EmployeeRow = z.infer<typeof employeeRow>;

/** One page of employees, newest first; `total` counts every match of the keyword. */
export const employeeListOutput = z.object({
  list: z.array(employeeRow),
  total: z.number().int().nonnegative(),
});
export type EmployeeList = z.infer<typeof employeeListOutput>;
