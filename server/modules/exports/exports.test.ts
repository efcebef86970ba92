import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceWord } from '#contract/device-words.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { DEFAULT_EXPORT_COLUMNS } from '#contract/schemas/checks-columns.ts';
import type { ExportRow } from '#contract/schemas/checks-export.ts';
import type { ServiceRow } from '#contract/schemas/checks-catalogue.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { matchesFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import { ExportRunner, EXPORT_RUNNER_DEFAULTS } from '#server/jobs/export-runner.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { testImei } from '#tests/setup/fake-check-provider.ts';
import { fillDeviceFacts } from '#tests/setup/export-order.ts';
import { EXPORT_WORDS } from './labels.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let token: string;
let orderId: number;
const DAY = 24 * 3600_000;

async function placeOrder(devices: number): Promise<number> {
  const list = await callEndpoint(s, endpoints.comboList, {}, { token });
  const warranty = list.datas.list.find((r) => r.code === 'warranty') as ServiceRow;
  const res = await callEndpoint(
    s,
    endpoints.orderCreate,
    {
      title: 'Lot 7 / buyer',
      identifiers: Array.from({ length: devices }, (_, i) => testImei(i + 1)),
      service_ids: [warranty.id],
    },
    { token },
  );
  expect(res.errcode).toBe(0);
  await fillDeviceFacts(s.db, res.datas.order_id);
  return res.datas.order_id;
}

async function devicesOf(order: number): Promise<DeviceResultRow[]> {
  const r = await callEndpoint(s, endpoints.orderResults, { order_id: order }, { token });
  return r.datas.devices;
}

async function createExport(body: Record<string, unknown>, t = token) {
  return callEndpoint(s, endpoints.exportCreate, { order_id: orderId, ...body }, { token: t });
}

async function runAll(): Promise<void> {
  while (await s.exportRunner.runOnce()) {
    /* one job per call */
  }
}

async function download(url: string, t: string | null = token) {
  return s.app.inject({ method: 'GET', url, headers: t ? { token: t } : {} });
}

/**
 * Five other spellings of one signed link that a lenient decoder reads as the same: a padding `=`, a
 * `!` inside the signature, the signature in standard base64, and `id` / `exp` with a leading zero.
 */
function otherSpellings(url: string): string[] {
  const u = new URL(url, 'http://x');
  const sig = u.searchParams.get('sig') as string;
  const respell = (name: string, value: string) => {
    const v = new URL(u);
    v.searchParams.set(name, value);
    return `${v.pathname}${v.search}`;
  };
  const standard = Buffer.from(sig, 'base64url').toString('base64').replace(/=+$/, '');
  return [
    respell('sig', `${sig}=`),
    respell('sig', `${sig.slice(0, 10)}!${sig.slice(10)}`),
    // Standard base64 differs from base64url only where the signature has a '-' or '_': when it has
    // none, the altered padding bits of its last character stand for the same bytes instead.
    respell(
      'sig',
      standard !== sig ? standard : `${sig.slice(0, -1)}${String.fromCharCode(sig.charCodeAt(42) + 1)}`,
    ),
    respell('id', `0${u.searchParams.get('id')}`),
    respell('exp', `0${u.searchParams.get('exp')}`),
  ];
}

async function fileRows(exportId: number): Promise<unknown[][]> {
  const link = await callEndpoint(s, endpoints.exportLink, { export_id: exportId }, { token });
  expect(link.errcode).toBe(0);
  const res = await download(link.datas.url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const sheets = await readXlsxFile(res.rawPayload);
  return (sheets[0] as { data: unknown[][] }).data;
}

beforeEach(async () => {
  s = await createTestServer();
  token = await s.session();
  orderId = await placeOrder(300);
});
afterEach(async () => {
  await s.close();
});

describe('Excel export', () => {
  it('a filter that no device passes still gives a file with the headers', async () => {
    const filter: ResultFilter = { activation_lock: 'yes', capacity: ['256GB', '512GB'], days_min: 0 };
    const columns = [
      'sn',
      'imei',
      'model',
      'activation_lock',
      'warranty_type',
      'warranty_days_left',
      'status',
      'carrier',
      'gsx_text',
    ];
    const started = await createExport({ columns, filter, lang: 'es' });
    expect(started.errcode).toBe(0);
    expect(started.datas).toMatchObject({ state: 'pending', progress: 0, columns, lang: 'es' });
    await runAll();

    const list = await callEndpoint(s, endpoints.exportList, {}, { token });
    const job = list.datas.list[0] as ExportRow;
    const expected = (await devicesOf(orderId)).filter((d) => matchesFilter(d, filter));
    // Activation lock "yes" is id % 3 = 0, 256/512GB is id % 3 ≠ 0: no device has both.
    expect(expected.length).toBe(0);
    expect(job).toMatchObject({ state: 'done', progress: 100, rows: 0 });
    const rows = await fileRows(job.id);
    expect(rows).toEqual([
      [
        'N.º de serie',
        'IMEI',
        'Modelo',
        'Bloqueo de activación',
        'Tipo de garantía',
        'Días de garantía restantes',
        'Estado',
        'Operador',
        'Texto GSX',
      ],
    ]);
  });

  it('matches the server truth row by row (Spanish values, numbers as numbers, formulas as text)', async () => {
    const filter: ResultFilter = {
      activation_lock: 'yes',
      capacity: ['128GB'],
      days_min: 0,
      q: '3569380300',
    };
    const columns = [
      'imei',
      'model',
      'activation_lock',
      'warranty_type',
      'warranty_days_left',
      'status',
      'carrier',
      'gsx_text',
    ];
    expect((await createExport({ columns, filter, lang: 'es' })).errcode).toBe(0);
    await runAll();
    const job = (await callEndpoint(s, endpoints.exportList, {}, { token })).datas.list[0] as ExportRow;
    const devices = await devicesOf(orderId);
    // The filter by hand: id % 3 == 0 gives both "yes" and 128GB; days left (id % 50) - 10 >= 0.
    const byHand = devices.filter(
      (d) => d.id % 3 === 0 && (d.id % 50) - 10 >= 0 && (d.imei ?? '').includes('3569380300'),
    );
    expect(byHand.length).toBeGreaterThan(10);
    expect(devices.filter((d) => matchesFilter(d, filter)).map((d) => d.id)).toEqual(byHand.map((d) => d.id));
    const es = EXPORT_WORDS.es;
    const rows = await fileRows(job.id);
    expect(rows[0]).toEqual([
      'IMEI',
      'Modelo',
      'Bloqueo de activación',
      'Tipo de garantía',
      'Días de garantía restantes',
      'Estado',
      'Operador',
      'Texto GSX',
    ]);
    expect(rows.slice(1)).toEqual(
      byHand.map((d) => [
        d.imei,
        d.model,
        'Sí',
        es.warranty[d.warranty_type as 'limited'],
        d.warranty_days_left,
        es.status[d.status],
        // Provider words in the export's language too (issue 27: "Unlocked" in a Spanish sheet).
        d.carrier === null ? null : deviceWord('carrier', d.carrier, 'es'),
        d.gsx_text,
      ]),
    );
    expect(rows.some((r) => r[7] === '=HYPERLINK("http://x")')).toBe(true);
    expect(job.rows).toBe(byHand.length);
    expect(job.size).toBeGreaterThan(0);
    expect(job.expires_at).toBe(Math.floor((s.clock.now() + 7 * DAY) / 1000));
  });

  it('defaults to the catalogue export columns, headers in Chinese; en when asked', async () => {
    expect((await createExport({})).datas.columns).toEqual([...DEFAULT_EXPORT_COLUMNS]);
    expect((await createExport({ columns: ['sn', 'status'], lang: 'en' })).errcode).toBe(0);
    await runAll();
    const [en, zh] = (await callEndpoint(s, endpoints.exportList, {}, { token })).datas.list as ExportRow[];
    const zhRows = await fileRows((zh as ExportRow).id);
    expect(zhRows[0]).toEqual(DEFAULT_EXPORT_COLUMNS.map((c) => EXPORT_WORDS.zh.headers[c]));
    expect(zhRows.length).toBe(301);
    const enRows = await fileRows((en as ExportRow).id);
    expect(enRows[0]).toEqual(['SN', 'Status']);
    expect(enRows[1]).toEqual([null, 'Done']);
  });

  it("without explicit columns, writes the user's saved export columns in their order", async () => {
    const saved = await callEndpoint(
      s,
      endpoints.resultColumnsSave,
      { table: ['sn'], export: ['status', 'sn'] },
      { token },
    );
    expect(saved.errcode).toBe(0);
    const job = await createExport({ lang: 'en' });
    expect(job.datas.columns).toEqual(['status', 'sn']);
    // Explicit columns still win over the saved set.
    expect((await createExport({ columns: ['sn'] })).datas.columns).toEqual(['sn']);
    await runAll();
    const rows = await fileRows(job.datas.id);
    expect(rows[0]).toEqual(['Status', 'SN']);
    expect(rows.length).toBe(301);
  });

  it('refuses unknown columns, naming them, and an order of another account', async () => {
    const bad = await createExport({ columns: ['sn', 'colour_code', 'price'] });
    expect(bad.errcode).toBe(ErrCode.EXPORT_COLUMNS_UNKNOWN);
    expect(bad.msg).toContain('colour_code, price');
    const other = await createExport({ order_id: orderId + 999 });
    expect(other.errcode).toBe(ErrCode.ORDER_NOT_FOUND);
  });

  it('download links expire, are scoped to the account and cannot be altered', async () => {
    const { datas } = await createExport({ columns: ['sn'] });
    const early = await callEndpoint(s, endpoints.exportLink, { export_id: datas.id }, { token });
    expect(early.errcode).toBe(ErrCode.EXPORT_NOT_READY);
    await runAll();
    const link = await callEndpoint(s, endpoints.exportLink, { export_id: datas.id }, { token });
    const editor = await s.session('editor');
    // Everyone of the shop may download it.
    expect((await download(link.datas.url, editor)).statusCode).toBe(200);
    // Without a session: the usual 1002.
    expect(JSON.parse((await download(link.datas.url, null)).body).errcode).toBe(ErrCode.SESSION_EXPIRED);
    // Another shop's Admin with the same link.
    const otherAccount = await s.db
      .insertInto('accounts')
      .values({ name: '隔壁手机店', vip_end_time: 0, integral: 5, created_at: s.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await s.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('users')
      .values({
        ...admin,
        id: undefined,
        account_id: otherAccount.id,
        username: 'boss2',
        phone_number: '',
        wx_openid: '',
      })
      .execute();
    const other = await s.session('boss2');
    const foreign = JSON.parse((await download(link.datas.url, other)).body);
    expect(foreign).toMatchObject({ errcode: ErrCode.EXPORT_LINK_FOREIGN, msg: '该下载链接不属于当前账号' });
    expect(
      (await callEndpoint(s, endpoints.exportLink, { export_id: datas.id }, { token: other })).errcode,
    ).toBe(ErrCode.EXPORT_NOT_FOUND);
    // An altered link (another export id, a longer expiry) is refused.
    const altered = link.datas.url.replace(/exp=(\d+)/, (_m, n: string) => `exp=${Number(n) + DAY}`);
    expect(JSON.parse((await download(altered)).body).errcode).toBe(ErrCode.EXPORT_LINK_FOREIGN);
    // Other spellings of the same link are refused: one canonical form only (issue 25).
    for (const spelling of otherSpellings(link.datas.url))
      expect(JSON.parse((await download(spelling)).body).errcode, spelling).toBe(ErrCode.EXPORT_LINK_FOREIGN);
    expect((await download(link.datas.url)).statusCode).toBe(200);
    // Five minutes later the link is over.
    s.clock.advance(5 * 60_000 + 1);
    const late = JSON.parse((await download(link.datas.url)).body);
    expect(late).toMatchObject({
      errcode: ErrCode.EXPORT_LINK_EXPIRED,
      msg: '下载链接已过期，请在下载中心重新下载',
    });
  });

  it('the sweep deletes files past their keeping time, once across processes', async () => {
    const { datas } = await createExport({ columns: ['sn'] });
    await runAll();
    const dir = s.config.exports.dir;
    const files = () => readdirSync(join(dir, '1'));
    expect(files()).toHaveLength(1);
    const second = new ExportRunner({
      db: s.db,
      clock: s.clock,
      options: { ...EXPORT_RUNNER_DEFAULTS, dir, retentionMs: 7 * DAY },
      onProgress: () => {},
      onError: (err) => {
        throw err;
      },
    });
    s.clock.advance(7 * DAY + 1000);
    // Two processes look at the same moment: one of them sweeps.
    const repo = (r: ExportRunner) => r as unknown as { sweepIfDue(): Promise<void> };
    await Promise.all([repo(s.exportRunner).sweepIfDue(), repo(second).sweepIfDue()]);
    expect(files()).toHaveLength(0);
    const row = (await callEndpoint(s, endpoints.exportList, {}, { token })).datas.list[0];
    expect(row?.state).toBe('expired');
    const link = await callEndpoint(s, endpoints.exportLink, { export_id: datas.id }, { token });
    expect(link).toMatchObject({ errcode: ErrCode.EXPORT_FILE_EXPIRED });
    const chores = await s.db.selectFrom('export_chores').selectAll().execute();
    expect(chores).toHaveLength(1);
    // Retry writes it again.
    expect(
      (await callEndpoint(s, endpoints.exportRetry, { export_id: datas.id }, { token })).datas,
    ).toMatchObject({
      state: 'pending',
    });
    await runAll();
    expect(files()).toHaveLength(1);
  });

  it('a job whose process died is taken over after its lease; a stopping process hands it back', async () => {
    const { datas } = await createExport({ columns: ['sn', 'model'] });
    // A process claims it and dies (no heartbeat, no file).
    const claimed = await s.db
      .updateTable('export_jobs')
      .set({ state: 'running', lease_owner: 'dead:1:x', lease_until_ms: s.clock.now() + 60_000, attempts: 1 })
      .where('id', '=', datas.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(claimed.state).toBe('running');
    expect(await s.exportRunner.runOnce()).toBe(false); // still leased
    s.clock.advance(60_001);
    expect(await s.exportRunner.runOnce()).toBe(true);
    const job = await s.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', datas.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'done', attempts: 2, rows: 300 });
    expect(readdirSync(join(s.config.exports.dir, '1')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('deleting removes the job and its file; retry only of failed or expired jobs; at most 5 open', async () => {
    const { datas } = await createExport({ columns: ['sn'] });
    await runAll();
    const job = await s.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', datas.id)
      .executeTakeFirstOrThrow();
    const path = join(s.config.exports.dir, job.file_key as string);
    expect(existsSync(path)).toBe(true);
    expect((await callEndpoint(s, endpoints.exportRetry, { export_id: datas.id }, { token })).errcode).toBe(
      ErrCode.EXPORT_NOT_RETRYABLE,
    );
    expect((await callEndpoint(s, endpoints.exportDelete, { export_id: datas.id }, { token })).errcode).toBe(
      0,
    );
    expect(existsSync(path)).toBe(false);
    expect((await callEndpoint(s, endpoints.exportDelete, { export_id: datas.id }, { token })).errcode).toBe(
      ErrCode.EXPORT_NOT_FOUND,
    );
    for (let i = 0; i < 5; i++) expect((await createExport({ columns: ['sn'] })).errcode).toBe(0);
    expect((await createExport({ columns: ['sn'] })).errcode).toBe(ErrCode.EXPORT_TOO_MANY);
  });
});
