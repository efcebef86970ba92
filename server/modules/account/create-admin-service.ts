import type { Kysely } from 'kysely';
import { z } from 'zod';
import { Role } from '#contract/roles.ts';
import { newPasswordSchema, phoneSchema } from '#contract/schemas/account.ts';
import { SHOP_NAME_MAX } from '#contract/schemas/signup.ts';
import { newUsernameSchema, realNameSchema } from '#contract/schemas/team.ts';
import { safeText } from '#contract/schemas/common.ts';
import type { Database } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/secrets.ts';
import { TeamRepository } from '#server/modules/team/repository.ts';
import { isUniqueViolation } from '#server/modules/team/team-service.ts';
import { AccountRepository } from './repository.ts';

/**
 * What `npm run create-admin` takes: the same field rules as a shop's sign-up (username, password
 * policy, shop name, optional phone), without the SMS code: the person at the server's console is
 * the proof (decision 0041).
 */
export const createAdminInput = z.object({
  username: newUsernameSchema,
  password: newPasswordSchema,
  shop: safeText({ min: 1, max: SHOP_NAME_MAX }),
  /** The Admin's real name, shown in lists; the username when not given. */
  name: realNameSchema.optional(),
  /** A phone for password resets by SMS; must not be bound to another user. */
  phone: phoneSchema.optional(),
});
export type CreateAdminInput = z.input<typeof createAdminInput>;

/** Why create-admin refused; `field` names the flag to fix. */
export class CreateAdminRefused extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * A new shop (account) and its first Admin, in one transaction: both or neither. Refuses a username
 * that exists in any shop (usernames are unique product-wide) and a phone bound to another user.
 * Each run makes a new shop, as each sign-up does: one server may serve several shops.
 */
export async function createShopAdmin(
  db: Kysely<Database>,
  raw: CreateAdminInput,
  now: number,
): Promise<{ accountId: number; userId: number; username: string }> {
  const parsed = createAdminInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CreateAdminRefused(String(issue.path[0] ?? 'input'), issue.message);
  }
  const input = parsed.data;
  // Hashing takes ~100 ms: before the transaction, which holds the (SQLite) connection.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const team = new TeamRepository(trx);
      const accounts = new AccountRepository(trx);
      if (await team.usernameExists(input.username))
        throw new CreateAdminRefused('username', `the username ${input.username} is taken`);
      if (input.phone && (await accounts.phoneOwner(input.phone)))
        throw new CreateAdminRefused('phone', 'this phone is bound to another user');
      const accountId = await accounts.insertAccount(input.shop, now);
      const userId = await team.insertUser({
        account_id: accountId,
        username: input.username,
        password_hash: passwordHash,
        real_name: input.name ?? input.username,
        avatar: '',
        role: Role.Admin,
        phone_number: input.phone ?? '',
        wx_openid: '',
        disabled: 0,
        created_at: now,
        last_login_at: null,
      });
      return { accountId, userId, username: input.username };
    });
  } catch (err) {
    // Another create-admin or a sign-up took the username meanwhile: the unique index decides.
    if (isUniqueViolation(err))
      throw new CreateAdminRefused('username', `the username ${input.username} is taken`);
    throw err;
  }
}
