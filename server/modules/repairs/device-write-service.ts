import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import {
  BADGE_MOVES,
  type LogisticsBadge,
  type RepairBadgeChangeDatas,
  type RepairDeviceRow,
  type repairDeviceEditInput,
} from '#contract/schemas/repairs.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { requireDevice } from './device-read-service.ts';
import type { DeviceRepository } from './device-repository.ts';
import { parseRepairIds, shopEventRow, toDeviceRow } from './device-rows.ts';
import type { RepairNotifier } from './repair-notifier.ts';

/** The shop's writes to tracked devices: edits (with their events), deletes and badge moves. */
export class DeviceWriteService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: RepairNotifier;
  private readonly devices: DeviceRepository;
  constructor(deps: {
    db: Kysely<Database>;
    clock: Clock;
    notify: RepairNotifier;
    devices: DeviceRepository;
  }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
    this.devices = deps.devices;
  }

  async edit(user: AuthUser, input: z.output<typeof repairDeviceEditInput>): Promise<RepairDeviceRow> {
    const device = await requireDevice(this.devices, user.account_id, input.device_id);
    const now = this.clock.now();
    const set: Record<string, unknown> = {};
    const changed: string[] = [];
    const text = [
      'customer_name',
      'customer_phone',
      'customer_note',
      'courier_in',
      'return_tracking',
    ] as const;
    for (const f of text)
      if (input[f] !== undefined && input[f] !== device[f]) {
        set[f] = input[f];
        changed.push(f);
      }
    for (const f of ['purchase_price', 'sale_price'] as const)
      if (input[f] !== undefined && input[f] !== (device[f] === null ? null : Number(device[f]))) {
        set[f] = input[f];
        changed.push(f);
      }
    for (const f of ['new_sn', 'new_imei'] as const) {
      const v = input[f];
      if (v === undefined) continue;
      let value: string | null = null;
      if (v) {
        const parsed = parseIdentifier(v);
        if (!parsed.ok || parsed.kind !== (f === 'new_sn' ? 'sn' : 'imei'))
          throw new AppError(ErrCode.REPAIR_NEW_IDENT_INVALID);
        value = parsed.value;
      }
      if (value !== device[f]) {
        set[f] = value;
        changed.push(f);
      }
    }
    if (input.warranty) {
      set.warranty_type = input.warranty.warranty_type;
      set.warranty_end = input.warranty.warranty_end;
      set.purchase_date = input.warranty.purchase_date;
      changed.push('warranty');
    }
    const events: Array<{ kind: string; from: string | null; to: string | null; repair_id: string | null }> =
      [];
    let newIds: string[] | null = null;
    if (input.repair_ids) {
      const ids = input.repair_ids;
      if (new Set(ids).size !== ids.length) throw new AppError(ErrCode.REPAIR_ID_DUPLICATE);
      const before = parseRepairIds(device.repair_ids);
      if (JSON.stringify(before) !== JSON.stringify(ids)) {
        newIds = ids;
        set.repair_ids = JSON.stringify(ids);
        const last = ids.at(-1) ?? null;
        if (last !== (before.at(-1) ?? null)) {
          // A new repair to follow: its progress starts again from nothing.
          Object.assign(set, {
            repair_since_ms: last ? now : null,
            progress: null,
            return_logistics: null,
            quote_deadline: null,
            quote_amount: null,
          });
          events.push({ kind: 'repair_id_added', from: before.at(-1) ?? null, to: last, repair_id: last });
        } else changed.push('repair_ids');
      }
    }
    if (changed.length > 0) events.push({ kind: 'edit', from: null, to: changed.join(','), repair_id: null });
    if (events.length === 0) return toDeviceRow(device);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('repair_devices')
        .set({ ...set, updated_ms: now })
        .where('id', '=', device.id)
        .execute();
      if (newIds) {
        await trx.deleteFrom('repair_device_ids').where('device_id', '=', device.id).execute();
        if (newIds.length > 0)
          await trx
            .insertInto('repair_device_ids')
            .values(newIds.map((r) => ({ device_id: device.id, account_id: user.account_id, repair_id: r })))
            .execute();
      }
      await trx
        .insertInto('repair_events')
        .values(events.map((e) => shopEventRow(user, now, { device_id: device.id, ...e })))
        .execute();
    });
    this.notify.devicesChanged(user.account_id, [device.id], [device.batch_id]);
    return toDeviceRow(await requireDevice(this.devices, user.account_id, device.id));
  }

  async deleteDevices(user: AuthUser, deviceIds: number[]): Promise<null> {
    const rows = await this.devices.byIds(user.account_id, deviceIds);
    if (rows.length === 0) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    const ids = rows.map((r) => r.id);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('repair_devices')
        .set({ deleted_at: now, watched: 0, link_hash: null, updated_ms: now })
        .where('id', 'in', ids)
        .execute();
      await trx.updateTable('monitors').set({ active: 0 }).where('device_id', 'in', ids).execute();
    });
    this.notify.devicesChanged(user.account_id, ids, [...new Set(rows.map((r) => r.batch_id))]);
    return null;
  }

  async changeBadge(
    user: AuthUser,
    deviceIds: number[],
    badge: LogisticsBadge,
  ): Promise<RepairBadgeChangeDatas> {
    const rows = await this.devices.byIds(user.account_id, deviceIds);
    if (rows.length === 0) throw new AppError(ErrCode.REPAIR_DEVICE_NOT_FOUND);
    const refused: RepairBadgeChangeDatas['refused'] = [];
    const moving = rows.filter((r) => {
      const from = r.badge as LogisticsBadge;
      if (from === badge) return false;
      if (BADGE_MOVES[from].includes(badge)) return true;
      refused.push({ device_id: r.id, from });
      return false;
    });
    if (moving.length > 0) {
      const now = this.clock.now();
      await this.db.transaction().execute(async (trx) => {
        for (const r of moving) {
          // Guarded by the badge read: a concurrent move of the same device is not overwritten.
          const res = await trx
            .updateTable('repair_devices')
            .set({ badge, updated_ms: now })
            .where('id', '=', r.id)
            .where('badge', '=', r.badge)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) continue;
          await trx
            .insertInto('repair_events')
            .values(
              shopEventRow(user, now, {
                device_id: r.id,
                kind: 'badge',
                from: r.badge,
                to: badge,
                repair_id: null,
              }),
            )
            .execute();
        }
      });
      this.notify.devicesChanged(
        user.account_id,
        moving.map((r) => r.id),
        [...new Set(moving.map((r) => r.batch_id))],
      );
    }
    return { changed: moving.length, refused };
  }
}
