// `npm run bench:monitors`: one monitor cycle over 10,000 watched tracked devices against the
// sandbox repair-status provider at zero latency, on SQLite: due monitors read, submit + poll per
// device, status machine, progress events, notifications, next check moved on. Prints devices per
// second. Target: at least 2,000/s.
import { sql } from 'kysely';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';
import { benchImei, benchServer } from './bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const TARGET = 2000;
const DAY = 24 * 3_600_000;

let now = Date.now();
const clock = { now: () => now };
const server = await benchServer({
  repairProvider: new SandboxRepairProvider({ latency: 'zero', clock }),
  monitor: { concurrency: 64 },
  clock,
});
try {
  // The top VIP level: 10,000 watched devices are within its cap.
  await sql`UPDATE accounts SET vip_level = 5, vip_end_time = ${Math.floor(now / 1000) + 365 * 86400}`.execute(
    server.handle.db,
  );
  const batch = await server.post<{ id: number }>('/api/repair/batch_create', { title: 'bench' });
  const lines = Array.from({ length: DEVICES }, (_, n) => ({
    // From 1: the serial 000000 is the sandbox's always-failing device.
    ident: benchImei(n + 1),
    repair_ids: n % 5 === 0 ? [] : ['R' + String(100_000_001 + n)],
  }));
  const intake = await server.post<{ added: number }>('/api/repair/device_intake', {
    batch_id: batch.datas.id,
    lines,
  });
  if (intake.datas.added !== DEVICES) throw new Error(`intake: ${intake.msg}`);
  const watch = await server.post<{ used: number }>('/api/repair/monitor_watch', {
    batch_id: batch.datas.id,
  });
  if (watch.errcode !== 0) throw new Error(`watch: ${watch.msg}`);

  for (const [label, advance] of [
    ['first cycle (every device gets its first status)', 0],
    ['cycle two days later (part of the repairs moved)', 2 * DAY],
  ] as const) {
    now += advance;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const result = await server.repairs.scheduler.runCycle();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    if (result.checked !== DEVICES) throw new Error(`checked ${result.checked} of ${DEVICES}`);
    const rate = result.checked / seconds;
    console.log(
      `${label}: ${result.checked} devices in ${seconds.toFixed(2)} s = ${Math.round(rate)} devices/s ` +
        `(target >= ${TARGET}) ${rate >= TARGET ? 'OK' : 'SLOW'}; ${result.changed} changed; ` +
        `${Math.round(result.checked / cpuSeconds)} devices per CPU second`,
    );
    now += server.repairs.scheduler.options.intervalMs;
  }
} finally {
  await server.close();
}
