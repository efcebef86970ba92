import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import type { KitNotifier } from './todo-service.ts';

/** The shop's template-kit setting: is the "template kit" menu group hidden (Admin decides). */
export class KitSettingsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: KitNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: KitNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  async get(user: AuthUser): Promise<{ hidden: boolean }> {
    const row = await this.db
      .selectFrom('tk_settings')
      .select('hidden')
      .where('account_id', '=', user.account_id)
      .executeTakeFirst();
    return { hidden: Number(row?.hidden ?? 0) !== 0 };
  }

  /** Access (Admin) is enforced by the contract before this runs. */
  async set(user: AuthUser, hidden: boolean): Promise<{ hidden: boolean }> {
    const values = { hidden: hidden ? 1 : 0, updated_at: this.clock.now() };
    await this.db
      .insertInto('tk_settings')
      .values({ account_id: user.account_id, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
    this.notify.dataChanged(user.account_id, ['templateKit']);
    return { hidden };
  }
}
