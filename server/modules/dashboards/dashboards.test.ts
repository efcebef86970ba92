import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import {
  DASHBOARD_PERIODS,
  REPAIR_IN_PROGRESS,
  type DashboardDeviceFilter,
  type DashboardDevicesDatas,
  type DashboardLink,
} from '#contract/schemas/dashboards.ts';
import { rebuildRollup, recount, storedRollup } from './recount.ts';
import { FakeCheckProvider, defaultFacts, testImei } from '#tests/setup/fake-check-provider.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { TEST_START, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint, endpointDatas } from '#tests/setup/call-endpoint.ts';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';

// The dashboards against the lists they click through to: orders placed on shop days from 100 days
// back to today (one deleted), results with failures and varied facts, repairs in every progress,
// and a second shop whose data must never count. Every figure must equal its list's total.
const DAY = 24 * 3600_000;
const MODELS = ['iPhone 13', 'iPhone 15 Pro', 'iPhone 12', 'iPhone 14'];
let s: TestServer;
let mine: string;
let theirs: string;
let next = 1;

const ok = <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>, token = mine) =>
  endpointDatas(s, endpoint, body, { token });

/** An order of `n` devices on the shop day `daysAgo` before TEST_START, run to its end. */
async function order(daysAgo: number, n: number, serviceIds: number[], token = mine) {
  s.clock.set(TEST_START - daysAgo * DAY);
  const identifiers = Array.from({ length: n }, () => testImei(next++));
  const created = await ok(
    endpoints.orderCreate,
    { title: `D-${daysAgo}`, identifiers, service_ids: serviceIds },
    token,
  );
  for (let i = 0; i < 6; i++) await s.runner?.runOnce();
  return created.order_id;
}

/** The total of the list a link names, through that list's own endpoint. */
async function listTotal(link: DashboardLink, token = mine): Promise<number> {
  if (link.list === 'check_orders')
    return (await ok(endpoints.orderList, { ...link.filter, page_size: 1 }, token)).total;
  if (link.list === 'devices')
    return (await ok(endpoints.dashboardDevices, { filter: link.filter, page_size: 1 }, token)).total;
  if (link.list === 'repair_devices')
    return (await ok(endpoints.repairDeviceList, { ...link.filter, page_size: 1 }, token)).total;
  throw new Error(`no total for ${link.list}`);
}

/** Every row of the devices list for a filter, page by page (the rows come from the base tables). */
async function deviceRows(filter: DashboardDeviceFilter, token = mine) {
  const rows: DashboardDevicesDatas['list'] = [];
  for (let page = 1; ; page++) {
    const d = await ok(endpoints.dashboardDevices, { filter, page, page_size: 100 }, token);
    rows.push(...d.list);
    if (d.list.length < 100) return { rows, total: d.total };
  }
}

beforeAll(async () => {
  const provider = new FakeCheckProvider();
  let n = 7;
  // Facts vary from device to device; one check in six fails (its share refunded).
  provider.onPoll = (ticket) => {
    const req = provider.requestOf(ticket);
    if (!req) return { kind: 'failed', reason: 'no such ticket', retryable: false };
    n = (n * 1103515245 + 12345) % 2147483648;
    if (n % 6 === 0) return { kind: 'failed', reason: 'sandbox says no', retryable: false };
    const base = defaultFacts(req);
    if (req.service === 'warranty')
      return {
        kind: 'done',
        cost: 10,
        facts: {
          ...base,
          model: MODELS[n % MODELS.length] as string,
          capacity: ['128GB', '256GB', '512GB'][n % 3] as string,
          colour: ['Blue', 'Black', 'White', 'Red'][(n >> 3) % 4] as string,
          warranty_type: (['limited', 'out_of_warranty', 'applecare_plus'] as const)[(n >> 5) % 3],
          replaced: n % 7 === 0 ? 'yes' : 'no',
        },
      };
    if (req.service === 'activation_lock')
      return { kind: 'done', cost: 10, facts: { activation_lock: n % 4 === 0 ? 'yes' : 'no' } };
    return { kind: 'done', cost: 10, facts: base };
  };
  s = await createTestServer({ checkProvider: provider });
  mine = await s.session();
  // A second shop with points of its own.
  theirs = (await addOtherShop(s, { opening: 1000_00 })).token;

  const list = await ok(endpoints.comboList, {});
  const id = (code: string) => list.list.find((r) => r.code === code)?.id as number;
  const all = [id('warranty'), id('activation_lock'), id('sale_country')];
  // Oldest first, so ids grow with time as in a real shop.
  await order(100, 3, all);
  await order(95, 2, [id('warranty')]);
  await order(45, 4, all);
  await order(20, 3, [id('warranty'), id('activation_lock')]);
  await order(10, 2, all, theirs);
  await order(8, 5, all);
  await order(6, 3, all);
  const gone = await order(3, 4, all);
  await ok(endpoints.orderDelete, { order_id: gone });
  await order(2, 2, [id('warranty')]);
  await order(1, 6, all);
  await order(0, 4, all);
  await order(0, 3, all, theirs);

  // Repairs: devices taken in, then spread over every progress, watched, changed today.
  s.clock.set(TEST_START);
  const batch = await ok(endpoints.repairBatchCreate, { title: '看板批次' });
  const intake = await ok(endpoints.repairIntake, {
    batch_id: batch.id,
    lines: Array.from({ length: 24 }, (_, i) => ({ ident: testImei(5000 + i) })),
  });
  const progress = [...REPAIR_IN_PROGRESS, 'completed', 'shipped_back', 'not_found', null] as const;
  for (const [i, deviceId] of intake.device_ids.entries())
    await s.db
      .updateTable('repair_devices')
      .set({
        progress: progress[i % progress.length] ?? null,
        watched: i % 5 === 0 ? 1 : 0,
        changed_at: i % 3 === 0 ? TEST_START - 3600_000 : TEST_START - 3 * DAY,
      })
      .where('id', '=', deviceId)
      .execute();
  const theirBatch = await ok(endpoints.repairBatchCreate, { title: '乙店' }, theirs);
  const theirIntake = await ok(
    endpoints.repairIntake,
    { batch_id: theirBatch.id, lines: [{ ident: testImei(6000) }, { ident: testImei(6001) }] },
    theirs,
  );
  await s.db
    .updateTable('repair_devices')
    .set({ progress: 'quote_pending', watched: 1, changed_at: TEST_START - 60_000 })
    .where('id', 'in', theirIntake.device_ids)
    .execute();
}, 120_000);
afterAll(() => s.close());

describe('dashboard overview', () => {
  it.each(DASHBOARD_PERIODS)('equals the lists it links to (%s)', async (period) => {
    const d = await ok(endpoints.dashboardOverview, { period });
    expect(d.period).toBe(period);
    expect(d.time_zone).toBe('Asia/Shanghai');
    const orders = await ok(endpoints.orderList, {
      ...(d.orders.link.filter as object),
      page_size: 1,
    });
    expect(d.orders.link).toEqual({
      list: 'check_orders',
      filter: { created_from: d.range.from, created_to: d.range.to },
    });
    expect(d.orders.value).toBe(orders.total);
    expect(d.devices.value).toBe(orders.summary.devices);
    expect(d.points_spent.value).toBe(orders.summary.points_spent);
    expect(d.orders.value).toBeGreaterThan(0);
    // Success rate from the finished checks.
    expect(d.checks_succeeded + d.checks_failed).toBeGreaterThan(0);
    expect(d.success_rate_bp).toBe(
      Math.round((d.checks_succeeded * 10_000) / (d.checks_succeeded + d.checks_failed)),
    );
    // One entry per day, and each day's points equal that day's orders.
    expect(d.series).toHaveLength({ today: 1, '7d': 7, '30d': 30, '90d': 90 }[period]);
    for (const day of d.series.filter((x) => x.services.length > 0)) {
      const dayOrders = await ok(endpoints.orderList, {
        ...(day.link.filter as object),
        page_size: 1,
      });
      expect(day.services.reduce((n, x) => n + x.points, 0)).toBe(dayOrders.summary.points_spent);
    }
    // Warranty mix: each slice equals its device list, and the slices add up to the devices.
    expect(d.warranty_mix.reduce((n, x) => n + x.count, 0)).toBe(d.devices.value);
    for (const slice of d.warranty_mix) expect(slice.count).toBe(await listTotal(slice.link));
    // Repairs: each figure equals the repair device list it links to.
    for (const f of [d.repairs_in_progress, d.waiting_for_quote, d.today_schedule_changes, d.watched_devices])
      expect(f.value).toBe(await listTotal(f.link));
    for (const step of d.repair_funnel) expect(step.count).toBe(await listTotal(step.link));
    const point = await ok(endpoints.pointRecord, {});
    expect(d.balance.value).toBe(point.balance);
  });

  it('counts what was placed on each shop day, leaving the deleted order and the other shop out', async () => {
    const counts = async (period: 'today' | '7d' | '30d' | '90d') =>
      (await ok(endpoints.dashboardOverview, { period })).orders.value;
    // today: one order; 7 days: + 1, 2, 6 days back (3 is deleted); 30: + 8, 20; 90: + 45 (95, 100 out).
    expect(await counts('today')).toBe(1);
    expect(await counts('7d')).toBe(4);
    expect(await counts('30d')).toBe(6);
    expect(await counts('90d')).toBe(7);
    const d = await ok(endpoints.dashboardOverview, { period: '90d' });
    expect(d.devices.value).toBe(4 + 6 + 2 + 3 + 5 + 3 + 4);
    expect(d.repairs_in_progress.value).toBeGreaterThan(0);
    expect(d.waiting_for_quote.value).toBeGreaterThan(0);
    expect(d.today_schedule_changes.value).toBe(8);
    expect(d.watched_devices.value).toBe(5);
    expect(d.vip_end_ms).toBeGreaterThan(TEST_START);
  });

  it("counts another shop's own data only", async () => {
    const d = await ok(endpoints.dashboardOverview, { period: '30d' }, theirs);
    expect(d.orders.value).toBe(2);
    expect(d.devices.value).toBe(5);
    expect(d.waiting_for_quote.value).toBe(2);
    expect(d.today_schedule_changes.value).toBe(2);
    expect(d.watched_devices.value).toBe(2);
    expect(d.balance.value).toBe(await listTotalBalance(theirs));
    expect(d.vip_end_ms).toBeNull();
    // Their devices list never shows mine, even with my models asked for.
    const rows = await deviceRows({ ...d.range, model: MODELS }, theirs);
    expect(rows.rows.length).toBe(rows.total);
    expect(rows.total).toBeLessThanOrEqual(5);
    const mineRows = await deviceRows({ ...d.range });
    const mineIds = new Set(mineRows.rows.map((r) => r.device_id));
    expect(rows.rows.filter((r) => mineIds.has(r.device_id))).toEqual([]);
  });
});

async function listTotalBalance(token: string) {
  return (await ok(endpoints.pointRecord, {}, token)).balance;
}

describe('hot phones and phone detail', () => {
  it.each(['7d', '30d', '90d'] as const)(
    'rank models with counts equal to their device lists (%s)',
    async (period) => {
      const h = await ok(endpoints.dashboardHotPhones, { period, limit: 10 });
      expect(h.models.length).toBeGreaterThan(0);
      const known = await deviceRows({ ...h.range, model: MODELS });
      expect(h.total_devices).toBe(known.total);
      let last = Infinity;
      for (const m of h.models) {
        expect(m.count).toBeLessThanOrEqual(last);
        last = m.count;
        const rows = await deviceRows(m.link.filter as DashboardDeviceFilter);
        expect(rows.rows.length).toBe(m.count);
        expect(rows.total).toBe(m.count);
        expect(rows.rows.every((r) => r.model === m.model)).toBe(true);
        expect(m.previous).toBe(
          await listTotal({ list: 'devices', filter: { ...h.previous_range, model: [m.model] } }),
        );
        for (const slice of [...m.capacity, ...m.colour]) {
          const r = await deviceRows(slice.link.filter as DashboardDeviceFilter);
          expect(r.rows.length).toBe(slice.count);
        }
        expect(m.capacity.reduce((n, x) => n + x.count, 0)).toBe(m.count);
        for (const share of [m.activation_lock, m.network_lock, m.replaced, m.out_of_warranty]) {
          const r = await deviceRows(share.link.filter as DashboardDeviceFilter);
          expect(r.rows.length).toBe(share.count);
          expect(r.total).toBe(share.count);
        }
      }
    },
  );

  it('counts a filter of several facets (the full rollup) as its rows', async () => {
    const h = await ok(endpoints.dashboardHotPhones, { period: '90d' });
    for (const m of h.models.slice(0, 3))
      for (const filter of [
        { ...h.range, model: [m.model], capacity: ['128GB', '256GB'], activation_lock: 'no' as const },
        { ...h.range, model: [m.model], warranty_type: ['limited', ''], replaced: 'no' as const },
        { ...h.range, network_lock: 'unknown' as const, colour: ['Blue', 'Red'] },
      ]) {
        const r = await deviceRows(filter);
        expect(r.rows.length).toBe(r.total);
      }
  });

  it('phone detail of a hot model adds up and equals its lists', async () => {
    const h = await ok(endpoints.dashboardHotPhones, { period: '90d' });
    const top = h.models[0]!;
    const d = await ok(endpoints.dashboardPhoneDetail, { model: top.model, period: '90d' });
    expect(d.total.value).toBe(top.count);
    expect(d.trend).toHaveLength(90);
    expect(d.trend.reduce((n, t) => n + t.count, 0)).toBe(top.count);
    for (const dim of [d.capacity, d.colour, d.warranty_type, d.sale_country, d.carrier]) {
      expect(dim.reduce((n, x) => n + x.count, 0)).toBe(top.count);
      for (const slice of dim)
        expect(slice.count).toBe((await deviceRows(slice.link.filter as DashboardDeviceFilter)).rows.length);
    }
    for (const t of d.trend.filter((x) => x.count > 0))
      expect((await deviceRows(t.link.filter as DashboardDeviceFilter)).rows.length).toBe(t.count);
    // A model nobody checked: zeros, not an error.
    const none = await ok(endpoints.dashboardPhoneDetail, {
      model: 'Nokia 3310',
      period: '7d',
    });
    expect(none.total.value).toBe(0);
    expect(none.trend).toHaveLength(7);
  });
});

describe('validation', () => {
  it('refuses bad input with the contract errcodes', async () => {
    const code = async (path: string, body: unknown) => (await s.call(path, body, { token: mine })).errcode;
    expect(await code(endpoints.dashboardOverview.path, { period: '14d' })).toBe(ErrCode.INVALID_INPUT);
    expect(await code(endpoints.dashboardHotPhones.path, { limit: 0 })).toBe(ErrCode.INVALID_INPUT);
    expect(await code(endpoints.dashboardHotPhones.path, { limit: 51 })).toBe(ErrCode.INVALID_INPUT);
    expect(await code(endpoints.dashboardPhoneDetail.path, { model: '  ' })).toBe(ErrCode.INVALID_INPUT);
    expect(await code(endpoints.dashboardPhoneDetail.path, {})).toBe(ErrCode.INVALID_INPUT);
    expect(
      await code(endpoints.dashboardDevices.path, { filter: { from: '2026-3-1', to: '2026-03-01' } }),
    ).toBe(ErrCode.INVALID_INPUT);
    expect(
      await code(endpoints.dashboardDevices.path, { filter: { from: '2026-03-01', to: '2026-02-01' } }),
    ).toBe(ErrCode.DASHBOARD_RANGE_INVALID);
    expect(
      await code(endpoints.dashboardDevices.path, { filter: { from: '2024-01-01', to: '2026-02-01' } }),
    ).toBe(ErrCode.DASHBOARD_RANGE_INVALID);
    expect(
      await code(endpoints.dashboardDevices.path, { filter: { from: '2026-03-01', to: '2026-03-05' } }),
    ).toBe(ErrCode.DASHBOARD_RANGE_OUT);
    expect(
      await code(endpoints.dashboardDevices.path, { filter: { from: '2024-12-01', to: '2025-01-01' } }),
    ).toBe(ErrCode.DASHBOARD_RANGE_OUT);
    expect(
      await code(endpoints.dashboardDevices.path, { filter: { from: '2026-02-30', to: '2026-03-01' } }),
    ).toBe(ErrCode.DASHBOARD_RANGE_INVALID);
    expect((await callEndpoint(s, endpoints.dashboardOverview, {})).errcode).toBe(ErrCode.SESSION_EXPIRED);
    // Defaults: 7 days, hot phones 30 days and 10 models.
    expect((await ok(endpoints.dashboardOverview, {})).period).toBe('7d');
    expect((await ok(endpoints.dashboardHotPhones, {})).period).toBe('30d');
  });
});

describe('rollup', () => {
  it('as the writers kept it equals a recount and a rebuild (the migrations fill it that way)', async () => {
    const kept = await storedRollup(s.db);
    expect(kept.facetDays.size).toBeGreaterThan(0);
    expect(kept).toEqual(await recount(s.db));
    await rebuildRollup(s.db);
    expect(await storedRollup(s.db)).toEqual(kept);
  });
});
