import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/** The shop's default time zone (issue 10: "today" is counted in the shop's time zone). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * The shop's time zone (its repair settings, else the default): what its screens, its "shop day"
 * and the names and numbers it reads (export files, recharge order numbers) are counted in, not
 * the server's UTC clock (issue 27: a file made at 07:30 in Shanghai was named the day before).
 */
export async function shopTimeZone(db: Kysely<Database>, accountId: number): Promise<string> {
  const row = await db
    .selectFrom('repair_settings')
    .select('time_zone')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** `ms` on the wall clock of the zone as YYYYMMDDHHmmss (an unknown zone: the default's). */
export function localStamp(timeZone: string, ms: number): string {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      return localStamp(DEFAULT_TIME_ZONE, ms);
    }
    formats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}
