import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { endpoints } from '#contract/endpoints.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

// A second shop calls every repair, monitor, notice and history endpoint with the first shop's ids:
// it is refused (not found) or sees nothing, and none of the first shop's rows change.
let s: TestServer;
let mine: string;
let theirs: string;
let batchId: number;
let deviceIds: number[];
let linkPath: string;

const TABLES = [
  'repair_batches',
  'repair_devices',
  'repair_events',
  'monitors',
  'notifications',
  'repair_jobs',
] as const;
async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const t of TABLES) out[t] = await s.db.selectFrom(t).selectAll().where('account_id', '=', 1).execute();
  out.account = await s.db.selectFrom('accounts').selectAll().where('id', '=', 1).execute();
  return out;
}

beforeAll(async () => {
  s = await createTestServer();
  mine = await s.session();
  theirs = (await addOtherShop(s, { integral: 100_00 })).token;
  const call = async <D>(path: string, body: unknown) => {
    const r = await s.call<D>(path, body, { token: mine });
    if (r.errcode !== 0) throw new Error(`${path}: ${r.msg}`);
    return r.datas;
  };
  batchId = (await call<{ id: number }>(endpoints.repairBatchCreate.path, { title: '甲店批次' })).id;
  deviceIds = (
    await call<{ device_ids: number[] }>(endpoints.repairIntake.path, {
      batch_id: batchId,
      lines: [
        {
          ident: testImei(1),
          repair_ids: ['R111111111'],
          customer_name: '甲店客户',
          customer_phone: '13811112222',
        },
        { ident: testImei(2) },
      ],
    })
  ).device_ids;
  await call(endpoints.repairRefresh.path, { device_ids: deviceIds });
  await s.repairs.runner.runOnce();
  await call(endpoints.monitorWatch.path, { device_ids: [deviceIds[0]] });
  linkPath = (
    await call<{ url_path: string }>(endpoints.customerLinkCreate.path, { device_id: deviceIds[0]! })
  ).url_path;
});
afterAll(() => s.close());

describe('repairs: account isolation', () => {
  it('refuses or hides every call made with another shop’s ids, and changes nothing', async () => {
    const before = await snapshot();
    const d = deviceIds[0] as number;
    const refused: Array<[string, unknown, number]> = [
      [endpoints.repairBatchEdit.path, { batch_id: batchId, title: 'x' }, ErrCode.REPAIR_BATCH_NOT_FOUND],
      [endpoints.repairBatchDelete.path, { batch_id: batchId }, ErrCode.REPAIR_BATCH_NOT_FOUND],
      [
        endpoints.repairIntake.path,
        { batch_id: batchId, lines: [{ ident: testImei(9) }] },
        ErrCode.REPAIR_BATCH_NOT_FOUND,
      ],
      [
        endpoints.repairIntakeFromCheck.path,
        { check_order_id: 1, device_ids: [1], batch_id: batchId },
        ErrCode.REPAIR_CHECK_SOURCE_NOT_FOUND,
      ],
      [endpoints.repairDeviceDetail.path, { device_id: d }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
      [
        endpoints.repairDeviceEdit.path,
        { device_id: d, customer_note: 'x' },
        ErrCode.REPAIR_DEVICE_NOT_FOUND,
      ],
      [endpoints.repairDeviceDelete.path, { device_ids: deviceIds }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
      [
        endpoints.repairBadgeChange.path,
        { device_ids: deviceIds, badge: 'stored' },
        ErrCode.REPAIR_DEVICE_NOT_FOUND,
      ],
      [endpoints.repairRefresh.path, { device_ids: deviceIds }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
      [endpoints.repairRefresh.path, { batch_id: batchId }, ErrCode.REPAIR_BATCH_NOT_FOUND],
      [endpoints.monitorWatch.path, { device_ids: deviceIds }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
      [endpoints.monitorUnwatch.path, { device_ids: [d] }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
      [endpoints.monitorWatch.path, { batch_id: batchId }, ErrCode.REPAIR_BATCH_NOT_FOUND],
      [endpoints.customerLinkCreate.path, { device_id: d }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
      [endpoints.customerLinkRevoke.path, { device_id: d }, ErrCode.REPAIR_DEVICE_NOT_FOUND],
    ];
    for (const [path, body, code] of refused) {
      const r = await s.call(path, body, { token: theirs });
      expect(r.errcode, path).toBe(code);
      expect(r.raw, path).not.toContain('甲店');
    }
    const empty: Array<[string, unknown]> = [
      [endpoints.repairBatchList.path, {}],
      [endpoints.repairDeviceList.path, {}],
      [endpoints.repairDeviceList.path, { keyword: testImei(1) }],
      [endpoints.repairDeviceList.path, { keyword: 'R111111111' }],
      [endpoints.repairDeviceList.path, { keyword: '1381111' }],
      [endpoints.todayScheduleChange.path, {}],
      [endpoints.monitorList.path, {}],
      [endpoints.notificationList.path, {}],
    ];
    for (const [path, body] of empty) {
      const r = await s.call<{ total: number }>(path, body, { token: theirs });
      expect(r.errcode, path).toBe(0);
      expect(r.datas.total, path).toBe(0);
    }
    const history = await callEndpoint(s, endpoints.deviceHistory, { q: testImei(1) }, { token: theirs });
    expect(history.datas.entries).toEqual([]);
    expect((await callEndpoint(s, endpoints.monitorQuota, {}, { token: theirs })).datas.used).toBe(0);
    expect((await callEndpoint(s, endpoints.notificationUnread, {}, { token: theirs })).datas.unread).toBe(0);
    const read = await callEndpoint(s, endpoints.notificationRead, { all: true }, { token: theirs });
    expect(read.errcode).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('every repair endpoint asks for a session', async () => {
    for (const e of Object.values(endpoints).filter(
      (x) => x.path.startsWith('/api/repair/') || x.path.startsWith('/api/notice/'),
    )) {
      const r = await s.call(e.path, {});
      expect(r.errcode, e.path).toBe(ErrCode.SESSION_EXPIRED);
    }
  });

  it('customer links: unguessable, shown to anyone with the link only, dead once revoked', async () => {
    const token = linkPath.slice('/status/'.length);
    expect(token).toHaveLength(43);
    const page = await s.app.inject({ method: 'GET', url: linkPath });
    expect(page.statusCode).toBe(200);
    // Only that device: nothing of the customer, the identifiers or the other device.
    for (const secret of ['甲店客户', '13811112222', testImei(1), testImei(2), 'R111111111'])
      expect(page.body).not.toContain(secret);
    // A near miss (one character changed) answers exactly what an unknown link answers.
    const near = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const miss = await s.app.inject({ method: 'GET', url: '/status/' + near });
    const junk = await s.app.inject({ method: 'GET', url: '/status/x' });
    expect(miss.statusCode).toBe(404);
    expect(miss.body).toBe(junk.body);
    // A new link replaces the old one.
    const again = await callEndpoint(
      s,
      endpoints.customerLinkCreate,
      { device_id: deviceIds[0]! },
      { token: mine },
    );
    expect((await s.app.inject({ method: 'GET', url: linkPath })).statusCode).toBe(404);
    await callEndpoint(s, endpoints.customerLinkRevoke, { device_id: deviceIds[0]! }, { token: mine });
    const revoked = await s.app.inject({ method: 'GET', url: again.datas.url_path });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.body).toBe(junk.body);
  });
});
