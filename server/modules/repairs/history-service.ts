import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import type { DeviceHistoryDatas, HistoryEntry } from '#contract/schemas/repairs-monitors.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { DeviceRepository } from './device-repository.ts';

const MAX_ENTRIES = 500;
type Fact = string | number | boolean | null;

/**
 * One timeline per device within the account: every check job run on the SN or IMEI (or on the
 * other identifier the checks found for it) and every repair event of a tracked device with it,
 * newest first.
 */
export class HistoryService {
  private readonly db: Kysely<Database>;
  private readonly devices: DeviceRepository;
  constructor(db: Kysely<Database>, devices: DeviceRepository) {
    this.db = db;
    this.devices = devices;
  }

  async history(accountId: number, q: string): Promise<DeviceHistoryDatas> {
    const parsed = parseIdentifier(q);
    if (!parsed.ok) throw new AppError(ErrCode.HISTORY_IDENT_INVALID);
    const ident = parsed.value;
    // The other identifier of the same device, as checks or intake recorded it.
    const idents = new Set([ident]);
    const pairs = [
      ...(await this.db
        .selectFrom('check_devices')
        .select(['sn', 'imei'])
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('sn', '=', ident), eb('imei', '=', ident), eb('imei2', '=', ident)]))
        .limit(200)
        .execute()),
      ...(await this.db
        .selectFrom('repair_devices')
        .select(['sn', 'imei'])
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('sn', '=', ident), eb('imei', '=', ident)]))
        .limit(200)
        .execute()),
    ];
    for (const p of pairs) for (const v of [p.sn, p.imei]) if (v) idents.add(v);
    const list = [...idents];

    const entries: HistoryEntry[] = [];
    const jobs = await this.db
      .selectFrom('check_jobs as j')
      .innerJoin('check_devices as d', 'd.id', 'j.device_id')
      .innerJoin('check_orders as o', 'o.id', 'j.order_id')
      .select([
        'j.id',
        'j.service',
        'j.state',
        'j.facts',
        'j.sandbox',
        'j.created_at',
        'j.finished_at',
        'd.id as device_id',
        'o.id as order_id',
        'o.title',
      ])
      .where('j.account_id', '=', accountId)
      .where('o.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('d.sn', 'in', list), eb('d.imei', 'in', list), eb('d.imei2', 'in', list)]))
      .orderBy('j.id', 'desc')
      .limit(MAX_ENTRIES)
      .execute();
    for (const j of jobs) {
      let facts: Record<string, Fact> = {};
      if (j.facts) {
        try {
          const raw = JSON.parse(j.facts) as Record<string, unknown>;
          facts = Object.fromEntries(
            Object.entries(raw).filter(
              (e): e is [string, Fact] =>
                e[1] === null || ['string', 'number', 'boolean'].includes(typeof e[1]),
            ),
          );
        } catch {
          facts = {};
        }
      }
      entries.push({
        type: 'check',
        at: Math.floor(Number(j.finished_at ?? j.created_at) / 1000),
        check_order_id: j.order_id,
        check_order_title: j.title,
        check_device_id: j.device_id,
        service: j.service,
        status: j.state,
        facts,
        sandbox: Number(j.sandbox) === 1,
      });
    }
    const tracked = await this.db
      .selectFrom('repair_devices as d')
      .innerJoin('repair_batches as b', 'b.id', 'd.batch_id')
      .select(['d.id', 'b.id as batch_id', 'b.title'])
      .where('d.account_id', '=', accountId)
      .where('d.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('d.sn', 'in', list),
          eb('d.imei', 'in', list),
          eb('d.new_sn', 'in', list),
          eb('d.new_imei', 'in', list),
        ]),
      )
      .execute();
    const batchOf = new Map(tracked.map((t) => [t.id, t]));
    for (const e of await this.devices.events(accountId, [...batchOf.keys()])) {
      const t = batchOf.get(e.device_id);
      if (t) entries.push({ type: 'repair', at: e.at, batch_id: t.batch_id, batch_title: t.title, event: e });
    }
    entries.sort((a, b) => b.at - a.at);
    return { ident, also: list.filter((v) => v !== ident), entries: entries.slice(0, MAX_ENTRIES) };
  }
}
