import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { REPAIR_REFRESH_PRICE } from '#contract/schemas/repairs.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';

// The repair path through the API on SQLite: intake with per-line reasons, list/filter/search,
// a paid refresh run by the durable runner (events, ledger), today's changes after the sandbox
// clock moves, badge moves, monitors with notifications, customer links and the device history.
let s: TestServer;
let token: string;
const HOUR = 3_600_000;

const api = <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>, t = token) =>
  callEndpoint(s, endpoint, body, { token: t });
const ok = async <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>, t = token) => {
  const r = await api(endpoint, body, t);
  expect(r.errcode, `${endpoint.path}: ${r.msg}`).toBe(0);
  return r.datas;
};

async function ledgerBalances() {
  const sums = await s.db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.sum<number>('balance_delta').as('b'), eb.fn.sum<number>('frozen_delta').as('f')])
    .where('account_id', '=', 1)
    .executeTakeFirstOrThrow();
  const acc = await s.db
    .selectFrom('accounts')
    .select(['integral', 'frozen'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    sums: { b: Number(sums.b), f: Number(sums.f) },
    acc: { b: Number(acc.integral), f: Number(acc.frozen) },
  };
}

beforeAll(async () => {
  s = await createTestServer();
  token = await s.session();
});
afterAll(() => s.close());

describe('repairs on SQLite', () => {
  let batchId: number;
  let ids: number[];

  it('takes lines in with a reason per refused line, and refuses a batch of only bad lines', async () => {
    batchId = (await ok(endpoints.repairBatchCreate, { title: '11月送修' })).id;
    const lines = [
      {
        ident: testImei(1),
        repair_ids: ['R100000001'],
        customer_name: '张三',
        customer_phone: '13800000001',
      },
      {
        ident: testImei(2),
        repair_ids: ['g100000002'],
        customer_name: '李四',
        customer_phone: '13800000002',
      },
      { ident: 'F2LXK0ABHG7F', repair_ids: [], customer_name: '王五' },
      { ident: testImei(3), repair_ids: ['X123'] },
      { ident: testImei(4), repair_ids: ['R100000004', 'R100000004'] },
      { ident: testImei(1) },
      { ident: '12345' },
      { ident: testImei(5), repair_ids: ['N100000000'] },
    ];
    const res = await ok(endpoints.repairIntake, { batch_id: batchId, lines });
    expect(res.added).toBe(4);
    ids = res.device_ids;
    expect(res.rejected).toEqual([
      { line: 4, ident: testImei(3), reason: 'repair_id_invalid', detail: 'X123' },
      { line: 5, ident: testImei(4), reason: 'repair_id_duplicate', detail: 'R100000004' },
      { line: 6, ident: testImei(1), reason: 'duplicate_input', detail: '1' },
      { line: 7, ident: '12345', reason: 'bad_length', detail: null },
    ]);
    const again = await api(endpoints.repairIntake, {
      batch_id: batchId,
      lines: [{ ident: testImei(2) }, { ident: 'bad' }],
    });
    expect(again.errcode).toBe(ErrCode.REPAIR_NO_VALID_LINES);
    expect(again.datas.rejected.map((r) => r.reason)).toEqual(['duplicate_batch', 'bad_length']);
    const unknown = await api(endpoints.repairIntake, {
      batch_id: 999,
      lines: [{ ident: testImei(9) }],
    });
    expect(unknown.errcode).toBe(ErrCode.REPAIR_BATCH_NOT_FOUND);
  });

  it('lists, filters and searches by SN, IMEI, repair id, name and phone', async () => {
    const all = await ok(endpoints.repairDeviceList, {});
    expect(all.total).toBe(4);
    expect(all.list.map((d) => d.no)).toEqual([4, 3, 2, 1]);
    const search = async (keyword: string) =>
      (await ok(endpoints.repairDeviceList, { keyword })).list.map((d) => d.id);
    expect(await search(testImei(1))).toEqual([ids[0]!]);
    expect(await search('f2lxk0abhg7f')).toEqual([ids[2]!]);
    expect(await search('g100000002')).toEqual([ids[1]!]);
    expect(await search('李四')).toEqual([ids[1]!]);
    expect(await search('1380000000')).toEqual([ids[1]!, ids[0]!]);
    expect(await search('李')).toEqual([ids[1]!]);
    const badge = await ok(endpoints.repairDeviceList, { badge: ['stored'] });
    expect(badge.total).toBe(0);
  });

  it('refreshes as durable jobs: progress events, each device billed once, ledger balanced', async () => {
    const before = await s.db
      .selectFrom('accounts')
      .select('integral')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const r = await ok(endpoints.repairRefresh, { batch_id: batchId });
    expect(r).toMatchObject({ queued: 4, frozen: 4 * REPAIR_REFRESH_PRICE });
    // A second refresh while the first runs queues nothing and charges nothing.
    const twice = await api(endpoints.repairRefresh, { device_ids: ids });
    expect(twice.errcode).toBe(ErrCode.REPAIR_REFRESH_RUNNING);
    await s.repairs.runner.runOnce();
    const after = await s.db
      .selectFrom('accounts')
      .select(['integral', 'frozen'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(after.frozen)).toBe(0);
    // The SN with no repair id got its eligibility; the not_found repair id (…000) is not_found.
    const d = await ok(endpoints.repairDeviceDetail, { device_id: ids[0]! });
    expect(d.device.progress).toBe('received');
    expect(d.device.refresh_state).toBe('done');
    expect(d.device.sandbox).toBe(true);
    expect(d.events.map((e) => e.kind)).toEqual(['progress', 'intake']);
    const sn = await ok(endpoints.repairDeviceDetail, { device_id: ids[2]! });
    expect(sn.device.eligibility).not.toBeNull();
    const nf = await ok(endpoints.repairDeviceDetail, { device_id: ids[3]! });
    expect(nf.device.progress).toBe('not_found');
    expect(Number(before.integral) - Number(after.integral)).toBe(4 * REPAIR_REFRESH_PRICE);
    const { sums, acc } = await ledgerBalances();
    expect(sums).toEqual(acc);
    // The point record names what a refresh paid for (issue 27: its rows read "—"): the refresh's
    // size on each entry and the device on each device's share.
    const record = await ok(endpoints.pointRecord, { page: 1, page_size: 20 });
    const refresh = record.list.filter((e) => e.refresh_devices !== null);
    expect(refresh.map((e) => e.type).sort()).toEqual(['freeze', 'settle', 'settle', 'settle', 'settle']);
    expect(refresh.every((e) => e.refresh_devices === 4)).toBe(true);
    const devices = await s.db.selectFrom('repair_devices').select('ident').where('id', 'in', ids).execute();
    expect(
      refresh
        .filter((e) => e.type !== 'freeze')
        .map((e) => e.device)
        .sort(),
    ).toEqual(devices.map((d) => d.ident).sort());
  });

  it("lists today's changes in the shop's time zone once the sandbox clock moves", async () => {
    const today = await ok(endpoints.todayScheduleChange, {});
    expect(today.time_zone).toBe('Asia/Shanghai');
    expect(today.total).toBe(4);
    // Next day in Shanghai, 5 simulated days on: the repairs moved.
    s.clock.advance(24 * HOUR);
    const tomorrow = await ok(endpoints.todayScheduleChange, {});
    expect(tomorrow.total).toBe(0);
    s.clock.advance(4 * 24 * HOUR);
    await ok(endpoints.repairRefresh, { device_ids: ids });
    await s.repairs.runner.runOnce();
    const moved = await ok(endpoints.todayScheduleChange, {});
    // The two followed repairs moved; the SN's eligibility and the not_found id did not.
    expect(moved.list.map((x) => x.device.id).sort()).toEqual([ids[0]!, ids[1]!].sort());
    for (const x of moved.list) expect(x.events.length).toBeGreaterThan(0);
    const filtered = await ok(endpoints.repairDeviceList, { changed_today: true });
    expect(filtered.total).toBe(2);
  });

  it('moves badges by the shop rules only', async () => {
    const r = await ok(endpoints.repairBadgeChange, {
      device_ids: [ids[0]!, ids[1]!],
      badge: 'stored',
    });
    expect(r).toEqual({ changed: 2, refused: [] });
    const back = await ok(endpoints.repairBadgeChange, {
      device_ids: [ids[0]!, ids[2]!],
      badge: 'to_receive',
    });
    expect(back.changed).toBe(0);
    expect(back.refused).toEqual([{ device_id: ids[0]!, from: 'stored' }]);
  });

  it('watches devices, and a monitor cycle stores and emits a notification on change', async () => {
    const fresh = await ok(endpoints.repairIntake, {
      batch_id: batchId,
      lines: [{ ident: testImei(77), repair_ids: ['A300000077'], customer_name: '赵六' }],
    });
    const watched = fresh.device_ids[0] as number;
    const q = await ok(endpoints.monitorWatch, {
      device_ids: [watched],
    });
    expect(q).toMatchObject({ used: 1, vip_level: 1, cap: 100 });
    const emitted: unknown[] = [];
    const emit = s.io.to.bind(s.io);
    s.io.to = ((room: string) => {
      const target = emit(room);
      return {
        ...target,
        emit: (event: string, payload: unknown) => (event === 'notice:new' && emitted.push(payload), true),
      };
    }) as never;
    let checked = 0;
    for (let i = 0; i < 30 && emitted.length === 0; i++) {
      s.clock.advance(12 * HOUR);
      checked += (await s.repairs.scheduler.runCycle()).checked;
    }
    s.io.to = emit as never;
    expect(checked).toBeGreaterThan(0);
    expect(emitted[0]).toMatchObject({ kind: 'repair', device_id: watched, customer_name: '赵六' });
    const notes = await ok(endpoints.notificationList, {});
    expect(notes.unread).toBeGreaterThan(0);
    expect(notes.list.every((n) => n.device_id === watched && !n.read)).toBe(true);
    expect((await ok(endpoints.notificationRead, { all: true })).unread).toBe(0);
    const editor = await s.session('editor');
    expect((await ok(endpoints.notificationUnread, {}, editor)).unread).toBe(notes.unread);
    // Nothing due right after: the next cycle checks nothing.
    expect((await s.repairs.scheduler.runCycle()).checked).toBe(0);
  });

  it('refuses one device over the VIP cap, all or nothing, with the numbers', async () => {
    // No VIP: the cap is 50.
    await s.db.updateTable('accounts').set({ vip_end_time: 0 }).where('id', '=', 1).execute();
    const lines = Array.from({ length: 50 }, (_, i) => ({ ident: testImei(100 + i) }));
    const big = await ok(endpoints.repairIntake, { batch_id: batchId, lines });
    const over = await api(endpoints.monitorWatch, {
      device_ids: big.device_ids,
    });
    expect(over.errcode).toBe(ErrCode.MONITOR_CAP_EXCEEDED);
    expect(over.datas).toEqual({ cap: 50, used: 1, asked: 50 });
    expect(over.msg).toContain('50');
    expect((await ok(endpoints.monitorQuota, {})).used).toBe(1);
    const fits = await ok(endpoints.monitorWatch, {
      device_ids: big.device_ids.slice(0, 49),
    });
    expect(fits.used).toBe(50);
    await ok(endpoints.monitorUnwatch, { device_ids: big.device_ids });
  });

  it('serves the customer link page with only that device, and nothing once revoked', async () => {
    const link = await ok(endpoints.customerLinkCreate, { device_id: ids[0]! });
    expect(link.url_path).toMatch(/^\/status\/[A-Za-z0-9_-]{43}$/);
    const page = await s.app.inject({
      method: 'GET',
      url: link.url_path,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Repair progress');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain(testImei(1));
    expect(page.body).not.toContain('张三');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const zh = await s.app.inject({ method: 'GET', url: link.url_path });
    expect(zh.body).toContain('维修进度');
    // Issue 27: the page names the PWA's icon; a browser's default /favicon.ico leads there too.
    expect(zh.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    const ico = await s.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect([ico.statusCode, ico.headers.location]).toEqual([301, '/favicon.svg']);
    const stored = await s.db
      .selectFrom('repair_devices')
      .select('link_hash')
      .where('id', '=', ids[0]!)
      .executeTakeFirstOrThrow();
    expect(stored.link_hash).not.toContain(link.url_path.slice(8));
    await ok(endpoints.customerLinkRevoke, { device_id: ids[0]! });
    const gone = await s.app.inject({
      method: 'GET',
      url: link.url_path,
      headers: { 'accept-language': 'es' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('no es válido');
    const guess = await s.app.inject({ method: 'GET', url: '/status/' + 'A'.repeat(43) });
    expect(guess.statusCode).toBe(404);
  });

  it('edits: a new repair id starts a new repair; bad ids and unknown devices are refused', async () => {
    const e = await ok(endpoints.repairDeviceEdit, {
      device_id: ids[2]!,
      repair_ids: ['D200000001'],
      customer_phone: '13900000000',
    });
    expect(e.repair_ids).toEqual(['D200000001']);
    expect(e.progress).toBeNull();
    expect((await api(endpoints.repairDeviceEdit, { device_id: ids[2]!, repair_ids: ['Q1'] })).errcode).toBe(
      ErrCode.INVALID_INPUT,
    );
    expect((await api(endpoints.repairDeviceEdit, { device_id: 99999, customer_note: 'x' })).errcode).toBe(
      ErrCode.REPAIR_DEVICE_NOT_FOUND,
    );
    expect((await api(endpoints.repairDeviceEdit, { device_id: ids[2]!, new_imei: '123' })).errcode).toBe(
      ErrCode.REPAIR_NEW_IDENT_INVALID,
    );
  });

  it('answers one history per identifier with the repair events', async () => {
    const h = await ok(endpoints.deviceHistory, {
      q: testImei(1),
    });
    expect(h.ident).toBe(testImei(1));
    expect(h.entries.filter((e) => e.type === 'repair').length).toBeGreaterThan(2);
    expect((await api(endpoints.deviceHistory, { q: 'nope' })).errcode).toBe(ErrCode.HISTORY_IDENT_INVALID);
  });

  it('takes chosen devices of a check order in with their checked facts, without a paid call', async () => {
    const order = await ok(endpoints.orderCreate, {
      title: '回收批次',
      identifiers: [testImei(201), testImei(202), testImei(203)],
      service_ids: [1],
    });
    const results = await ok(endpoints.orderResults, {
      order_id: order.order_id,
    });
    const [a, b] = results.devices;
    await s.db
      .updateTable('check_devices')
      .set({ model: 'iPhone 14 Pro', warranty_type: 'limited', warranty_end: '2026-09-01' })
      .where('id', '=', a!.id)
      .execute();
    const balance = await ledgerBalances();
    const res = await ok(endpoints.repairIntakeFromCheck, {
      check_order_id: order.order_id,
      device_ids: [a!.id, b!.id, 999999],
      batch_title: '从查询导入',
    });
    expect(res.added).toBe(2);
    expect(res.rejected.map((r) => r.reason)).toEqual(['unknown_device']);
    const d = await ok(endpoints.repairDeviceDetail, {
      device_id: res.device_ids[0]!,
    });
    expect(d.device).toMatchObject({
      model: 'iPhone 14 Pro',
      source_check_order_id: order.order_id,
      warranty: { warranty_type: 'limited', warranty_end: '2026-09-01', purchase_date: null },
    });
    expect(await ledgerBalances()).toEqual(balance);
    const again = await api(endpoints.repairIntakeFromCheck, {
      check_order_id: order.order_id,
      device_ids: [a!.id],
      batch_id: res.batch_id,
    });
    expect(again.errcode).toBe(ErrCode.REPAIR_NO_VALID_LINES);
    // Into another (new) batch: tracked elsewhere, named, unless the shop takes it anyway (issue 27).
    const elsewhere = await api(endpoints.repairIntakeFromCheck, {
      check_order_id: order.order_id,
      device_ids: [a!.id],
      batch_title: '再来一次',
    });
    expect(elsewhere.errcode).toBe(ErrCode.REPAIR_NO_VALID_LINES);
    expect(elsewhere.datas.rejected).toMatchObject([{ reason: 'tracked_elsewhere', detail: '从查询导入' }]);
    const twice = await ok(endpoints.repairIntakeFromCheck, {
      check_order_id: order.order_id,
      device_ids: [a!.id],
      batch_title: '再来一次',
      allow_tracked_elsewhere: true,
    });
    expect(twice.added).toBe(1);
  });

  it('refuses a refresh the points do not cover, and bills and marks nothing', async () => {
    await s.db.updateTable('accounts').set({ integral: 5 }).where('id', '=', 1).execute();
    const before = await s.db
      .selectFrom('repair_devices')
      .select(['id', 'refresh_state'])
      .orderBy('id')
      .execute();
    const r = await api(endpoints.repairRefresh, { batch_id: batchId });
    expect(r.errcode).toBe(ErrCode.INSUFFICIENT_POINTS);
    expect(
      await s.db.selectFrom('repair_devices').select(['id', 'refresh_state']).orderBy('id').execute(),
    ).toEqual(before);
    expect(
      await s.db.selectFrom('repair_jobs').select('id').where('state', '=', 'pending').execute(),
    ).toEqual([]);
  });

  it('applies a replayed intake or refresh (same request_id) once, billing once', async () => {
    await s.db.updateTable('accounts').set({ integral: 100_00 }).where('id', '=', 1).execute();
    const rid = 'req_replay_0001';
    const body = {
      batch_id: batchId,
      lines: [{ ident: testImei(401), repair_ids: ['G400000401'] }],
      request_id: rid,
    };
    const first = await ok(endpoints.repairIntake, body);
    const again = await ok(endpoints.repairIntake, body);
    expect(again).toEqual(first);
    const refresh = { device_ids: first.device_ids, request_id: 'req_replay_0002' };
    const r1 = await ok(endpoints.repairRefresh, refresh);
    const r2 = await ok(endpoints.repairRefresh, refresh);
    expect(r2).toEqual(r1);
    const acc = await s.db
      .selectFrom('accounts')
      .select(['integral', 'frozen'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(acc.integral)).toBe(100_00 - REPAIR_REFRESH_PRICE);
    expect(
      await s.db.selectFrom('repair_jobs').select('id').where('refresh_id', '=', r1.refresh_id).execute(),
    ).toHaveLength(1);
  });
});

describe('the same device in two batches (issue 27)', () => {
  it('refuses a device tracked in another batch, naming it, unless the shop takes it anyway', async () => {
    const first = (await ok(endpoints.repairBatchCreate, { title: '一号批次' })).id;
    const second = (await ok(endpoints.repairBatchCreate, { title: '二号批次' })).id;
    await ok(endpoints.repairIntake, { batch_id: first, lines: [{ ident: testImei(987101) }] });
    const held = await ok(endpoints.repairIntake, {
      batch_id: second,
      lines: [{ ident: testImei(987102) }, { ident: testImei(987101) }],
    });
    expect(held.added).toBe(1);
    expect(held.rejected).toEqual([
      { line: 2, ident: testImei(987101), reason: 'tracked_elsewhere', detail: '一号批次' },
    ]);
    // Only such lines: nothing is written, and every line still has its reason.
    const none = await api(endpoints.repairIntake, {
      batch_id: second,
      lines: [{ ident: testImei(987101) }],
    });
    expect(none.errcode).toBe(ErrCode.REPAIR_NO_VALID_LINES);
    expect(none.datas.rejected.map((r) => r.reason)).toEqual(['tracked_elsewhere']);
    const taken = await ok(endpoints.repairIntake, {
      batch_id: second,
      lines: [{ ident: testImei(987101) }],
      allow_tracked_elsewhere: true,
    });
    expect([taken.added, taken.rejected]).toEqual([1, []]);
  });
});
