import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import type { TestServer } from './server-harness.ts';

export interface OtherShopOptions {
  /** The shop's name (default '隔壁手机店'). */
  name?: string;
  /** Its admin's username (default 'boss2') and real name (default '赵老板'). */
  username?: string;
  realName?: string;
  /** Points on the account row, in hundredths (default 0). */
  integral?: number;
  /** Points credited through the ledger's opening entry instead, in hundredths (ledger-checking tests). */
  opening?: number;
}

/**
 * A second shop beside the demo one, with an admin that signs in with the demo admin's password:
 * the stranger of the isolation tests (nothing of one shop may show to the other). Answers the
 * account id and a session token of its admin.
 */
export async function addOtherShop(
  s: TestServer,
  options: OtherShopOptions = {},
): Promise<{ accountId: number; token: string }> {
  const { name = '隔壁手机店', username = 'boss2', realName = '赵老板', integral = 0, opening } = options;
  const admin = await s.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const account = await s.db
    .insertInto('accounts')
    .values({ name, vip_end_time: 0, integral, created_at: s.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opening !== undefined) await new LedgerRepository(s.db).opening(account.id, opening, s.clock.now());
  await s.db
    .insertInto('users')
    .values({
      account_id: account.id,
      username,
      password_hash: admin.password_hash,
      real_name: realName,
      avatar: '',
      role: 0,
      phone_number: '',
      wx_openid: '',
      disabled: 0,
      created_at: s.clock.now(),
      last_login_at: null,
    })
    .execute();
  return { accountId: account.id, token: await s.session(username) };
}
