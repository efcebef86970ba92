import type { Kysely } from 'kysely';
import { luhnCheckDigit } from '#contract/identifiers/parse.ts';
import type { LogisticsBadge } from '#contract/schemas/repairs.ts';
import type { Database } from './db/schema.ts';
import { repairPath, sandboxStatus } from './providers/repairs/sandbox.ts';
import { customersFromTrackedDevices } from './db/migrations/0030_counter.ts';

const DAY = 24 * 3600_000;
const NAMES = [
  '张伟',
  '王芳',
  '李娜',
  '刘洋',
  '陈静',
  '杨磊',
  '赵敏',
  '黄强',
  '周杰',
  '吴婷',
  '徐明',
  '孙丽',
];
const NOTES = ['屏幕碎裂', '电池鼓包', '无法开机', '面容 ID 不可用', '摄像头模糊', '', '', '进水'];
const BADGES: LogisticsBadge[] = ['to_receive', 'not_stored', 'stored', 'stored', 'no_storage', 'to_ship'];

/** [title, devices, days back]: the history's batches, each walked by the sandbox since then. */
const HISTORY_BATCHES: ReadonlyArray<[string, number, number]> = [
  ['三月初送修', 7, 86],
  ['换屏批次', 5, 78],
  ['电池更换', 8, 69],
  ['回收机送检', 6, 58],
  ['售后返修', 9, 47],
  ['门店送修', 6, 37],
  ['上月送修', 8, 26],
  ['代客送修', 5, 17],
];

const imeiOf = (n: number) => {
  const first14 = '35391110' + String(500000 + n).padStart(6, '0');
  return first14 + String(luhnCheckDigit(first14));
};

/**
 * Three batches of tracked devices for the demo shop (with `history`, eight more spread over the
 * last 90 days first), each walked by the sandbox from its start, with the progress events it would
 * have recorded (at their simulated times), a few watched devices and the shop's contact for the
 * customer page. Written directly (no paid refresh: the demo shop's points stay untouched); later
 * refreshes and monitors carry them on. Run once, right after the demo shop is seeded; the server
 * tests do not use it.
 */
export async function seedDemoRepairs(
  db: Kysely<Database>,
  now = Date.now(),
  opts: { history?: boolean } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const accountId = admin.account_id;
    await trx
      .insertInto('repair_settings')
      .values({
        account_id: accountId,
        time_zone: 'Asia/Shanghai',
        contact_name: '演示维修店',
        contact_phone: '021-5555-0100',
        contact_address: '上海市徐汇区漕溪北路 88 号',
      })
      .execute();
    let no = 0;
    const batches: Array<[string, number, number]> = [
      // The demo history (REPAIROPS_DEMO_HISTORY): a batch every ten days or so over the last 90,
      // oldest first, so intake numbers and ids grow with time as in a real shop.
      ...(opts.history ? HISTORY_BATCHES : []),
      ['本周送修（苹果直营）', 12, 6],
      ['上周送修', 10, 10],
      ['待寄出', 6, 1],
    ];
    for (const [title, count, daysAgo] of batches) {
      const batch = await trx
        .insertInto('repair_batches')
        .values({
          account_id: accountId,
          title,
          remark: '',
          created_by: admin.id,
          created_at: now - daysAgo * DAY,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < count; i++) {
        no++;
        const imei = imeiOf(no);
        const since = now - daysAgo * DAY + i * 3_600_000;
        const rid = i % 5 === 4 ? null : ['R', 'G', 'D', 'A', 'N'][no % 5] + String(200_000_000 + no * 7919);
        const status = sandboxStatus({ sn: null, imei, repair_id: rid, since_ms: since }, now - since);
        const events: Array<{ kind: string; from: string | null; to: string; at: number }> = [];
        if (rid) {
          const path = repairPath(rid);
          let prev: string | null = null;
          for (const [step, at] of path.steps)
            if (since + at <= now) {
              events.push({ kind: 'progress', from: prev, to: step, at: since + at });
              prev = step;
            }
          let prevRet: string | null = null;
          for (const [state, at] of path.returns)
            if (since + at <= now) {
              events.push({ kind: 'return_logistics', from: prevRet, to: state, at: since + at });
              prevRet = state;
            }
        } else if (status.eligibility) {
          events.push({ kind: 'eligibility', from: null, to: status.eligibility, at: since });
        }
        const changedAt = Math.max(0, ...events.map((e) => e.at));
        const watched = i % 4 === 0 && rid !== null;
        const device = await trx
          .insertInto('repair_devices')
          .values({
            account_id: accountId,
            batch_id: batch.id,
            no,
            ident: imei,
            sn: null,
            imei,
            repair_ids: JSON.stringify(rid ? [rid] : []),
            repair_since_ms: rid ? since : null,
            new_sn: status.new_sn,
            new_imei: status.new_imei,
            model: status.model,
            customer_name: NAMES[no % NAMES.length] as string,
            customer_phone: `139${String(10000000 + no * 7331).slice(0, 8)}`,
            customer_note: NOTES[no % NOTES.length] as string,
            courier_in: i % 2 === 0 ? `SF${String(1300000000 + no * 97)}` : '',
            return_tracking: status.return_tracking ?? '',
            return_logistics: status.return_logistics,
            warranty_type: i % 3 === 0 ? 'applecare_plus' : 'limited',
            warranty_end: null,
            purchase_date: null,
            purchase_price: 300_000 + no * 1_000,
            sale_price: i % 2 === 0 ? 420_000 + no * 1_000 : null,
            badge: BADGES[no % BADGES.length] as LogisticsBadge,
            eligibility: status.eligibility,
            progress: status.progress,
            quote_deadline: status.quote_deadline_ms,
            quote_amount: status.quote_amount,
            changed_at: changedAt,
            refreshed_at: changedAt,
            refresh_state: 'done',
            refresh_error: null,
            watched: watched ? 1 : 0,
            sandbox: 1,
            link_hash: null,
            source_check_order_id: null,
            source_check_device_id: null,
            created_at: since,
            updated_ms: now,
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (rid)
          await trx
            .insertInto('repair_device_ids')
            .values({ device_id: device.id, account_id: accountId, repair_id: rid })
            .execute();
        await trx
          .insertInto('repair_events')
          .values([
            {
              account_id: accountId,
              device_id: device.id,
              kind: 'intake',
              from_value: null,
              to_value: 'to_receive',
              repair_id: null,
              actor_user_id: admin.id,
              source: 'shop',
              created_at: since,
            },
            ...events.map((e) => ({
              account_id: accountId,
              device_id: device.id,
              kind: e.kind,
              from_value: e.from,
              to_value: e.to,
              repair_id: e.kind === 'eligibility' ? null : rid,
              actor_user_id: null,
              source: 'provider',
              created_at: e.at,
            })),
          ])
          .execute();
        if (watched)
          await trx
            .insertInto('monitors')
            .values({
              account_id: accountId,
              kind: 'repair',
              device_id: device.id,
              check_device_id: null,
              ident: imei,
              last_value: status.progress,
              next_check_at: now,
              created_at: now,
            })
            .execute();
      }
    }
    await trx.insertInto('repair_counters').values({ account_id: accountId, last_no: no }).execute();
    // The demo's tracked devices belong to counter customers, as migrated shops' do.
    await customersFromTrackedDevices(trx as never);
  });
}
