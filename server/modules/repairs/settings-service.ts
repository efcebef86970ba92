import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { RepairSettingsDatas, repairSettingsSaveInput } from '#contract/schemas/repairs-monitors.ts';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { dayIn } from '#server/lib/shop-day.ts';
import { DEFAULT_TIME_ZONE } from '#server/lib/shop-time.ts';

/** The shop's repair settings (time zone and contact) and its "today" in that time zone. */
export class RepairSettingsService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  async settings(accountId: number): Promise<RepairSettingsDatas> {
    const row = await this.db
      .selectFrom('repair_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (row)
      return {
        time_zone: row.time_zone,
        contact_name: row.contact_name,
        contact_phone: row.contact_phone,
        contact_address: row.contact_address,
      };
    const account = await this.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return {
      time_zone: DEFAULT_TIME_ZONE,
      contact_name: account?.name ?? '',
      contact_phone: '',
      contact_address: '',
    };
  }

  async saveSettings(accountId: number, input: z.output<typeof repairSettingsSaveInput>) {
    const current = await this.settings(accountId);
    const next = {
      time_zone: input.time_zone ?? current.time_zone,
      contact_name: input.contact_name ?? current.contact_name,
      contact_phone: input.contact_phone ?? current.contact_phone,
      contact_address: input.contact_address ?? current.contact_address,
    };
    await this.db
      .insertInto('repair_settings')
      .values({ account_id: accountId, ...next })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(next))
      .execute();
    return next;
  }

  async today(accountId: number) {
    const { time_zone } = await this.settings(accountId);
    return { time_zone, ...dayIn(time_zone, this.clock.now()) };
  }
}
