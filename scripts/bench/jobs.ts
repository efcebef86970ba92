// `npm run bench:jobs`: the durable job runner against the sandbox provider at zero latency, on
// SQLite: claims with leases, submit, ticket recorded, poll, completion with the device's facts and
// the ledger entry, exactly once. Prints jobs per second. Target: at least 5,000/s.
import type { CheckRunner } from '#server/jobs/check-runner.ts';
import { SandboxCheckProvider } from '#server/providers/checks/sandbox.ts';
import { benchImei, benchServer, serviceIds } from './bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SERVICES = ['warranty', 'activation_lock'];
const TARGET = 5000;

async function measure(
  label: string,
  rates: { failureRate: number; busyRate: number; retryRate: number },
  devices = DEVICES,
) {
  const provider = new SandboxCheckProvider({ latency: 'zero', ...rates });
  const server = await benchServer({
    checkProvider: provider,
    // Retries come back at once: the sandbox's busy answers ask for no wait at zero latency.
    runner: { concurrency: 2000, claimBatch: 1000, backoffBaseMs: 1, backoffMaxMs: 1 },
  });
  try {
    const ids = await serviceIds(server, SERVICES);
    const identifiers = Array.from({ length: devices }, (_, i) => benchImei(i));
    const placed = await server.post<{ order_id: number }>('/api/checks/order_create', {
      title: 'bench',
      identifiers,
      service_ids: ids,
    });
    if (placed.errcode !== 0) throw new Error(`order_create: ${placed.errcode} ${placed.msg}`);
    const total = devices * SERVICES.length;
    const runner = server.runner as CheckRunner;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    runner.start();
    for (;;) {
      const o = await server.post<{ jobs_success: number; jobs_failed: number }>('/api/checks/order_detail', {
        order_id: placed.datas.order_id,
      });
      if (o.datas.jobs_success + o.datas.jobs_failed >= total) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // CPU seconds of this process: on a shared machine the wall clock also counts other programs' turns.
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    await runner.stop();
    const rate = total / seconds;
    const entries = await server.handle.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', 'is not', null)
      .executeTakeFirstOrThrow();
    if (Number(entries.n) !== total) throw new Error(`${entries.n} ledger entries for ${total} jobs`);
    console.log(
      `${label}: ${total} jobs in ${seconds.toFixed(2)} s = ${Math.round(rate)} jobs/s (target >= ${TARGET}) ${rate >= TARGET ? 'OK' : 'SLOW'}; ` +
        `${cpuSeconds.toFixed(2)} s of CPU = ${Math.round(total / cpuSeconds)} jobs per CPU second`,
    );
  } finally {
    await server.close();
  }
}

// A short run first: the figures below are of warm code (JIT), as in a server that has been up.
await measure('warm-up', { failureRate: 0, busyRate: 0, retryRate: 0 }, 2000);
await measure('sandbox, zero latency, no failures', { failureRate: 0, busyRate: 0, retryRate: 0 });
await measure('sandbox, zero latency, default failure/busy/retry rates', {
  failureRate: 0.03,
  busyRate: 0.05,
  retryRate: 0.02,
});
