// `npm run bench:counter-search-offline`: the header search's offline path (issue 26) on a large
// cache: building the index from every cached query's data once per opening, then one keystroke's
// scan. Run by Node's V8 (Chromium's engine) on the module the PWA ships; the spotlight's render is
// not in these figures. Target: keystroke to results < 100 ms.
import { indexCache, searchCache } from '#src/features/counter/search/cache-search.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 4);
const PAGE = 500;
const RUNS = 200;

const customers = (p: number) => ({
  list: Array.from({ length: PAGE }, (_, j) => {
    const n = p * PAGE + j;
    return {
      id: n + 1,
      name: `王${n}`,
      phones: [
        `139${String(n * 7919)
          .padStart(8, '0')
          .slice(-8)}`,
      ],
      open_tickets: n % 3,
    };
  }),
  total: PAGES * PAGE,
});
const tickets = (p: number) => ({
  list: Array.from({ length: PAGE }, (_, j) => {
    const n = p * PAGE + j;
    return {
      id: n + 1,
      no_text: `R260101-${String(n).padStart(6, '0')}`,
      status: 'received',
      customer_name: `王${n}`,
    };
  }),
  total: PAGES * PAGE,
});
const devices = (p: number) => ({
  list: Array.from({ length: PAGE }, (_, j) => {
    const n = p * PAGE + j;
    return {
      id: n + 1,
      batch_id: 1,
      sn: `F2LX${String(n).padStart(8, '0')}`,
      imei: null,
      repair_ids: [],
      new_sn: null,
      new_imei: null,
      model: 'iPhone 14',
      customer_name: `李${n}`,
      customer_phone: '13800000000',
    };
  }),
  total: PAGES * PAGE,
  server_ms: 0,
});
const datas = Array.from({ length: PAGES }, (_, p) => [customers(p), tickets(p), devices(p)]).flat();
const rows = PAGES * PAGE * 3;

const time = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

let index = indexCache(datas);
const builds = Array.from({ length: 20 }, () => time(() => (index = indexCache(datas))));
console.log(
  `${rows} cached rows (${index.length} indexed): index build p50 ${pct(builds, 0.5).toFixed(1)} ms, p95 ${pct(builds, 0.95).toFixed(1)} ms`,
);
let worst = 0;
for (const q of ['5678', '王1999', 'R260101-0199', 'F2LX0001', 'nothing-here']) {
  const runs = Array.from({ length: RUNS }, () => time(() => searchCache(index, q)));
  worst = Math.max(worst, pct(runs, 0.95));
  console.log(`keystroke "${q}": p50 ${pct(runs, 0.5).toFixed(2)} ms, p95 ${pct(runs, 0.95).toFixed(2)} ms`);
}
const first = pct(builds, 0.95) + worst;
console.log(
  `first keystroke offline (index + scan) p95 ${first.toFixed(1)} ms (target < 100 ms) ${first < 100 ? 'OK' : 'SLOW'}`,
);
