import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

type Device = { sn: string | null; imei: string | null };

/**
 * What this shop already knows of a device's model, for a ticket line the offline decoder could not
 * name and the counter did not type: the newest answered check of it, else its tracked Apple repair
 * (a phone checked before buying, or sent to Apple, comes back to the counter). Only the shop's own
 * records, by their indexed (account, sn) and (account, imei) columns; never a paid or outside call.
 */
export async function knownModel(db: Kysely<Database>, accountId: number, device: Device) {
  const column = device.imei ? 'imei' : 'sn';
  const ident = device.imei ?? device.sn;
  if (!ident) return null;
  const newest = async (table: 'check_devices' | 'repair_devices') => {
    const row = await db
      .selectFrom(table)
      .select('model')
      .where('account_id', '=', accountId)
      .where(column, '=', ident)
      .where('model', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.model ?? null;
  };
  // A deleted tracked device is still the same phone: its model stands.
  return (await newest('check_devices')) ?? (await newest('repair_devices'));
}
