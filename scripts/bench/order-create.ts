// `npm run bench:order-create`: a 10,000-device check order placed through the API (Fastify inject:
// JSON parsing, validation, the identifier rules and decoding, then devices, jobs and the freeze in
// one transaction), on SQLite. Target: under 2 s.
import { benchImei, benchServer, serviceIds } from './bench-server.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SERVICES = ['warranty', 'activation_lock', 'sale_country'];
const TARGET_MS = 2000;

const server = await benchServer();
try {
  const ids = await serviceIds(server, SERVICES);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // New devices every run (TACs differ), some lines bad and some repeated, like a real paste.
    const tac = `353911${String(10 + run).padStart(2, '0')}`;
    const identifiers = Array.from({ length: DEVICES }, (_, i) => benchImei(i, tac));
    identifiers.push('not-an-imei', identifiers[0] as string);
    const t0 = performance.now();
    const res = await server.post<{ added: number }>('/api/checks/order_create', {
      title: `bench ${run}`,
      identifiers,
      service_ids: ids,
    });
    const ms = performance.now() - t0;
    if (res.errcode !== 0 || res.datas.added !== DEVICES)
      throw new Error(`order_create: ${res.errcode} ${res.msg}`);
    times.push(ms);
    console.log(
      `run ${run + 1}: ${DEVICES} devices x ${SERVICES.length} services = ${DEVICES * SERVICES.length} jobs in ${ms.toFixed(0)} ms`,
    );
  }
  // The detail page's first load: every device of the last order with its jobs, in two queries.
  const list = await server.post<{ list: { id: number }[] }>('/api/checks/order_list', {});
  const lastOrder = list.datas.list[0]?.id;
  const r0 = performance.now();
  const results = await server.post<{ devices: unknown[] }>('/api/checks/order_results', {
    order_id: lastOrder,
  });
  const resultsMs = performance.now() - r0;
  if (results.errcode !== 0 || results.datas.devices.length !== DEVICES) throw new Error('order_results');
  console.log(
    `order_results, ${DEVICES} devices with ${DEVICES * SERVICES.length} jobs: ${resultsMs.toFixed(0)} ms`,
  );

  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const worst = sorted.at(-1) as number;
  console.log(
    `\norder_create, ${DEVICES} devices through the API: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (target < ${TARGET_MS} ms) ${worst < TARGET_MS ? 'OK' : 'SLOW'}`,
  );
} finally {
  await server.close();
}
