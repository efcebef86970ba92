import type { Kysely } from 'kysely';
import { Role } from '#contract/roles.ts';
import type { Database } from './db/schema.ts';
import { hashPassword } from './lib/secrets.ts';
import { LedgerRepository } from './modules/ledger/ledger-repository.ts';

/** The demo shop's sign-ins, printed at start so a person can try the product at once. */
export const DEMO_USERS = [
  { username: 'admin', password: 'repair2026', role: Role.Admin, real_name: '王店长' },
  { username: 'editor', password: 'repair2026', role: Role.Editor, real_name: '李师傅' },
] as const;

const YEAR_SECONDS = 365 * 24 * 3600;
/** The demo shop's opening points: 1000.00. */
const DEMO_POINTS = 1_000_00;

/** Seeds the demo shop on first run only (an empty accounts table); answers whether it did. */
export async function seedDemoShop(db: Kysely<Database>, now = Date.now()): Promise<boolean> {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    const account = await trx
      .insertInto('accounts')
      .values({
        name: '演示维修店',
        vip_end_time: Math.floor(now / 1000) + YEAR_SECONDS,
        vip_level: 1,
        // Given through the ledger below, so its entries always sum to balance + frozen.
        integral: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await new LedgerRepository(trx).opening(account.id, DEMO_POINTS, now);
    // One service under maintenance, so the demo shows how the picker presents it.
    await trx.updateTable('check_services').set({ maintenance: 1 }).where('code', '=', 'gsx_image').execute();
    for (const u of DEMO_USERS) {
      await trx
        .insertInto('users')
        .values({
          account_id: account.id,
          username: u.username,
          password_hash: await hashPassword(u.password),
          real_name: u.real_name,
          avatar: '',
          role: u.role,
          phone_number: '',
          wx_openid: '',
          disabled: 0,
          created_at: now,
          last_login_at: null,
        })
        .execute();
    }
  });
  return true;
}
