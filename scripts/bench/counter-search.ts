// `npm run bench:counter-search`: the counter's lists and the header's global search with 100,000
// customers and 200,000 tickets in one shop on SQLite, through the server (app.inject: validation,
// session, SQL, envelope). Prints p50/p95 and CPU per query. Target (issue 26): server p95 < 50 ms.
// The data is written straight into the tables (the fill is not what is measured).
import { TICKET_STATUSES } from '#contract/counter/workflow.ts';
import { benchImei, benchServer } from './bench-server.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 200_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_P95 = 50;
const CHUNK = 500;
const DAY = 86_400_000;

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', 'Wong', 'Chan', 'Lee', 'Garcia'];
const phoneOf = (n: number) =>
  `13${String(n * 7919)
    .padStart(9, '0')
    .slice(-9)}`;
const ticketNo = (n: number) =>
  `R${String(240101 + (n % 600)).padStart(6, '0')}-${String(n).padStart(6, '0')}`;

const server = await benchServer();
try {
  const db = server.handle.db;
  const account = 1;
  const now = Date.now();
  const t0 = performance.now();
  for (let start = 0; start < CUSTOMERS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, CUSTOMERS - start) }, (_, j) => {
      const n = start + j;
      const name = `${SURNAMES[n % SURNAMES.length]}${n}`;
      return {
        account_id: account,
        name,
        name_key: name.toLowerCase(),
        merged_into: null,
        created_by: 1,
        created_at: now - (n % 365) * DAY,
        updated_at: now - (n % 365) * DAY,
      };
    });
    const ids = await db.insertInto('customers').values(rows).returning('id').execute();
    await db
      .insertInto('customer_phones')
      .values(
        ids.map((r, j) => {
          const phone = phoneOf(start + j);
          return { account_id: account, customer_id: r.id, phone, last4: phone.slice(-4), position: 0 };
        }),
      )
      .execute();
  }
  for (let start = 0; start < TICKETS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, TICKETS - start) }, (_, j) => {
      const n = start + j + 1;
      return {
        account_id: account,
        no: n,
        no_text: ticketNo(n),
        customer_id: 1 + (n % CUSTOMERS),
        status: TICKET_STATUSES[n % TICKET_STATUSES.length] as string,
        technician_id: n % 3 === 0 ? 2 : 1,
        promised_at: now - ((n % 20) - 10) * DAY,
        warranty_of: null,
        created_by: 1,
        created_at: now - (TICKETS - n) * 60_000,
        updated_at: now - (TICKETS - n) * 60_000,
        closed_at: null,
      };
    });
    const ids = await db.insertInto('tickets').values(rows).returning('id').execute();
    await db
      .insertInto('ticket_devices')
      .values(
        ids.map((r, j) => {
          const imei = benchImei(start + j);
          return {
            account_id: account,
            ticket_id: r.id,
            ident: imei,
            sn: null,
            imei,
            model: null,
            repair_device_id: null,
          };
        }),
      )
      .execute();
  }
  console.log(
    `${CUSTOMERS} customers and ${TICKETS} tickets written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const probe = Math.floor(CUSTOMERS * 0.77);
  const queries: Array<[string, string, Record<string, unknown>]> = [
    ['search: phone last four', '/api/search/global', { q: phoneOf(probe).slice(-4) }],
    ['search: whole phone', '/api/search/global', { q: phoneOf(probe) }],
    ['search: name beginning', '/api/search/global', { q: '陈77' }],
    ['search: IMEI', '/api/search/global', { q: benchImei(Math.floor(TICKETS * 0.6)) }],
    ['search: ticket number beginning', '/api/search/global', { q: 'R240377-1' }],
    ['customers: first page', '/api/counter/customer_list', {}],
    ['customers: page 200', '/api/counter/customer_list', { page: 200 }],
    ['customers: name beginning', '/api/counter/customer_list', { q: 'wong1' }],
    ['customers: last four digits', '/api/counter/customer_list', { q: phoneOf(probe).slice(-4) }],
    ['tickets: first page', '/api/counter/ticket_list', {}],
    ['tickets: ready for pickup', '/api/counter/ticket_list', { status: ['ready'] }],
    ['tickets: past their promised date', '/api/counter/ticket_list', { overdue: true }],
    ['tickets: one customer', '/api/counter/ticket_list', { customer_id: probe }],
    ['tickets: one technician, page 50', '/api/counter/ticket_list', { technician_id: 2, page: 50 }],
    ['dashboard: the day at the counter', '/api/counter/day', {}],
  ];
  let worst = 0;
  for (const [label, path, body] of queries) {
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    let shown = '';
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const r = await server.post<Record<string, unknown>>(path, body);
      const ms = performance.now() - t;
      if (r.errcode !== 0) throw new Error(`${label}: ${r.msg}`);
      if (i >= 3) times.push(ms);
      const d = r.datas;
      shown =
        'total' in d
          ? `total ${String(d.total).padStart(6)}`
          : 'intakes' in d
            ? `open ${String((d.open_by_status as Array<{ count: number }>).reduce((n, x) => n + x.count, 0)).padStart(7)}`
            : `hits ${Object.values(d).reduce<number>((n, v) => n + (v as unknown[]).length, 0)}`;
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / (RUNS + 3);
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
    worst = Math.max(worst, p(0.95));
    console.log(
      `${label.padEnd(36)} ${shown.padEnd(13)} p50 ${p(0.5).toFixed(1)} ms  p95 ${p(0.95).toFixed(1)} ms  CPU ${cpuMs.toFixed(1)} ms/call`,
    );
  }
  console.log(
    `worst p95 ${worst.toFixed(1)} ms (target < ${TARGET_P95} ms) ${worst < TARGET_P95 ? 'OK' : 'SLOW'}`,
  );
} finally {
  await server.close();
}
