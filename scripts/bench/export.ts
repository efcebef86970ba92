// `npm run bench:export`: the Excel export job on a 100,000-device order (SQLite, the real runner:
// pages of devices, the results filter, the streaming XLSX writer), and the writer alone at
// 100,000 rows x 40 columns. Prints time, peak RSS growth over the start and the file size.
// Targets (issue 12): < 15 s and < 200 MB of RSS growth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESULT_COLUMN_IDS } from '#contract/schemas/checks-columns.ts';
import { XlsxStreamWriter } from '#server/modules/exports/xlsx-writer.ts';
import { fillDeviceFacts } from '#tests/setup/export-order.ts';
import { benchImei, benchServer, serviceIds } from './bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const TARGET_S = 15;
const TARGET_RSS_MB = 200;
const gc = (globalThis as { gc?: () => void }).gc;

/** Runs `work` while sampling RSS; answers seconds and the peak growth over the RSS at the start. */
async function measure(work: () => Promise<void>): Promise<{ seconds: number; rssMb: number }> {
  gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, rssMb: (peak - base) / 1e6 };
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

async function writerAlone(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'repairops-xlsx-'));
  const columns = 40;
  let size = 0;
  const r = await measure(async () => {
    const w = XlsxStreamWriter.open(join(dir, 'w.xlsx'), { sheetName: 'bench' });
    await w.writeRow(
      Array.from({ length: columns }, (_, c) => `Column ${c + 1}`),
      true,
    );
    for (let i = 0; i < DEVICES; i++) {
      const row = new Array<string | number>(columns);
      const imei = benchImei(i);
      for (let c = 0; c < columns; c++)
        row[c] = c % 4 === 0 ? i * 7 + c : c % 4 === 1 ? imei : c % 4 === 2 ? 'iPhone 13 Pro Max' : 'Sí';
      await w.writeRow(row);
    }
    size = await w.close();
  });
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `writer alone, ${DEVICES} rows x ${columns} columns: ${r.seconds.toFixed(2)} s, RSS +${r.rssMb.toFixed(0)} MB, ` +
      `${(size / 1e6).toFixed(1)} MB file`,
  );
}

async function job(): Promise<void> {
  const server = await benchServer();
  try {
    const ids = await serviceIds(server, ['warranty']);
    const t0 = performance.now();
    const placed = await server.post<{ order_id: number }>('/api/checks/order_create', {
      title: 'bench export',
      identifiers: Array.from({ length: DEVICES }, (_, i) => benchImei(i)),
      service_ids: ids,
    });
    if (placed.errcode !== 0) throw new Error(`order_create: ${placed.errcode} ${placed.msg}`);
    await fillDeviceFacts(server.handle.db, placed.datas.order_id);
    console.log(
      `order of ${DEVICES} devices placed and filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    for (const [label, filter] of [
      ['no filter', {}],
      ['filter activation lock no + 256GB', { activation_lock: 'no', capacity: ['256GB'] }],
    ] as const) {
      const created = await server.post<{ id: number }>('/api/exports/create', {
        order_id: placed.datas.order_id,
        columns: RESULT_COLUMN_IDS,
        filter,
        lang: 'zh',
      });
      if (created.errcode !== 0) throw new Error(`export create: ${created.errcode} ${created.msg}`);
      const r = await measure(async () => {
        if (!(await server.exportRunner.runOnce())) throw new Error('no export job');
      });
      const row = await server.handle.db
        .selectFrom('export_jobs')
        .select(['state', 'rows', 'size'])
        .where('id', '=', created.datas.id)
        .executeTakeFirstOrThrow();
      console.log(
        `export job (${label}), ${row.rows} rows x ${RESULT_COLUMN_IDS.length} columns: ${r.seconds.toFixed(2)} s ` +
          `[${verdict(r.seconds < TARGET_S)}], RSS +${r.rssMb.toFixed(0)} MB [${verdict(r.rssMb < TARGET_RSS_MB)}], ` +
          `${(Number(row.size) / 1e6).toFixed(1)} MB file, state ${row.state}`,
      );
    }
  } finally {
    await server.close();
  }
}

await writerAlone();
await job();
