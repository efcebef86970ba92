// `npm run bench:ocr`: identify_sn_imei on one photo at a time through the real server (worker-thread
// clean-up, tesseract in a child process), over the rendered fixture set (box labels, SIM stickers,
// Settings screenshots). Prints the median and the worst time per photo, and the longest stall of
// the API's event loop meanwhile (recognition must never block the API).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderOcrFixtures } from '#tests/setup/ocr-fixtures.ts';
import { benchServer } from './bench-server.ts';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 12);

const fixtures = await renderOcrFixtures({ count: PHOTOS });
const server = await benchServer();
try {
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  for (const f of fixtures) {
    const t0 = performance.now();
    const res = await server.post<{ content: string }>('/api/checks/identify_sn_imei', {
      image: `data:${f.mime};base64,${f.image.toString('base64')}`,
    });
    if (res.errcode !== 0) throw new Error(`${f.name}: ${res.errcode} ${res.msg}`);
    times.push(performance.now() - t0);
  }
  loop.disable();
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  const worst = sorted[sorted.length - 1] as number;
  console.log(
    `OCR of one photo (${times.length} photos, one at a time): median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms; ` +
      `event loop delay meanwhile: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  );
} finally {
  await server.close();
}
