import type { Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { CustomerLinkCreateDatas } from '#contract/schemas/repairs-monitors.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hashToken, newToken } from '#server/lib/secrets.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';

export const STATUS_PATH = '/status/';
/** A token as newToken makes them (32 random bytes, base64url): anything else is not looked up. */
export const LINK_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Customer status links: 256 random bits, only their SHA-256 stored (a leaked database hands out
 * no links); creating a new one replaces the old, revoking clears it, deleting the device too.
 */
export class CustomerLinkService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  constructor(db: Kysely<Database>, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async create(user: AuthUser, deviceId: number): Promise<CustomerLinkCreateDatas> {
    const token = newToken();
    const now = this.clock.now();
    const r = await this.db
      .updateTable('repair_devices')
      .set({ link_hash: hashToken(token), updated_ms: now })
      .where('id', '=', deviceId)
      .where('account_id', '=', user.account_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    return { url_path: STATUS_PATH + token, created_at: Math.floor(now / 1000) };
  }

  async revoke(user: AuthUser, deviceId: number): Promise<null> {
    const r = await this.db
      .updateTable('repair_devices')
      .set({ link_hash: null, updated_ms: this.clock.now() })
      .where('id', '=', deviceId)
      .where('account_id', '=', user.account_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    return null;
  }

  /** What the public page may show of the link's device, or null (unknown, revoked, deleted). */
  async resolve(token: string) {
    if (!LINK_TOKEN_RE.test(token)) return null;
    const d = await this.db
      .selectFrom('repair_devices')
      .select([
        'id',
        'account_id',
        'model',
        'progress',
        'eligibility',
        'return_logistics',
        'quote_deadline',
        'changed_at',
        'no',
      ])
      .where('link_hash', '=', hashToken(token))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!d) return null;
    const events = await this.db
      .selectFrom('repair_events')
      .select(['kind', 'to_value', 'created_at'])
      .where('device_id', '=', d.id)
      .where('kind', 'in', ['progress', 'return_logistics'])
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    const settings = await this.db
      .selectFrom('repair_settings')
      .selectAll()
      .where('account_id', '=', d.account_id)
      .executeTakeFirst();
    const account = await this.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', d.account_id)
      .executeTakeFirstOrThrow();
    return {
      device: d,
      events,
      shop: {
        name: settings?.contact_name || account.name,
        phone: settings?.contact_phone ?? '',
        address: settings?.contact_address ?? '',
        time_zone: settings?.time_zone ?? 'Asia/Shanghai',
      },
    };
  }
}
