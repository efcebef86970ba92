/**
 * What a DevTools session costs the page it watches (issue 27, the page budget). Every browser bench
 * drives Chromium through Playwright, and Playwright enables the DevTools protocol's Runtime domain
 * on every page it opens. This bench runs React's classic script (the build's framework-vendor file)
 * in a plain Chromium, with no Playwright, five times in a settled page (each under a new address, so
 * V8 compiles it afresh), once with no protocol domain enabled and once with each of a few enabled,
 * and prints how long the script's top level ran (from its first statement to its last).
 * Seen on 2026-11-28: ~1-6 ms with none, Network, Page or Log enabled; 30-52 ms with
 * Runtime enabled, in a trace spent in V8.CollectSourcePositions (V8 re-parses the script's functions
 * to map its code to source positions). The browser benches' figures hold that cost for every big
 * script a start runs; a shop's browser, with no DevTools open, does not pay it.
 */
import { existsSync, globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, freePort } from '../lib/app-server.ts';
import { launchPlainChromium } from './plain-chromium.ts';

const RUNS = 5;
const MODES = ['', 'Network', 'Page', 'Log', 'Runtime'];
const vendor = globSync('dist/assets/framework-vendor-*.js')[0];
if (!existsSync(chromiumPath()) || !vendor) {
  process.stdout.write('Needs Chromium (see README) and a build (npm run build) to run the benchmark.\n');
  process.exit(0);
}
const source = readFileSync(vendor, 'utf8');
const firstLineEnd = source.indexOf('\n');
// The script timed from its first statement to its last; its compile hint stays on the first line.
const timed = `${source.slice(0, firstLineEnd + 1)}window.__start = performance.now();\n${source.slice(firstLineEnd + 1)}\nwindow.__end = performance.now();`;
const page = `<!doctype html><meta charset="utf-8"><body>bench<script>
function run() {
  return new Promise(function (resolve) {
    var s = document.createElement('script');
    s.src = '/vendor.js?' + Math.random();
    s.onload = function () { resolve(window.__end - window.__start); };
    document.head.appendChild(s);
  });
}
setTimeout(async function () {
  var out = [];
  for (var i = 0; i < ${RUNS}; i++) { out.push(await run()); await new Promise(function (r) { setTimeout(r, 200); }); }
  fetch('/report', { method: 'POST', body: JSON.stringify(out) });
}, 1000);
</script>`;

let report: (runs: number[]) => void = () => undefined;
const server = createServer((req, res) => {
  if (req.url?.startsWith('/vendor.js')) {
    res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
    return res.end(timed);
  }
  if (req.url === '/report') {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk));
    req.on('end', () => {
      res.end();
      report(JSON.parse(body) as number[]);
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(page);
});
const port = await freePort();
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

/** One plain Chromium (no Playwright): `domain` enabled on its page over the protocol, or none. */
async function runsWith(domain: string): Promise<number[]> {
  const profile = mkdtempSync(join(tmpdir(), 'repairops-devtools-cost-'));
  const browser = await launchPlainChromium(profile);
  try {
    const { sessionId } = await browser.newTab('about:blank');
    if (domain) await browser.send(`${domain}.enable`, {}, sessionId);
    const runs = new Promise<number[]>((resolve) => (report = resolve));
    await browser.send('Page.navigate', { url: `http://127.0.0.1:${port}/` }, sessionId);
    return await Promise.race([
      runs,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no report in 20 s')), 20_000)),
    ]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

try {
  process.stdout.write(
    `React's classic script (${vendor.replace(/^dist\//, '')}), its top level run ${RUNS} times afresh in a settled page, ms:\n`,
  );
  for (const domain of MODES) {
    const runs = await runsWith(domain);
    const sorted = [...runs].sort((a, b) => a - b);
    process.stdout.write(
      `  ${(domain ? `${domain}.enable` : 'no DevTools domain').padEnd(20)} median ${sorted[Math.floor(RUNS / 2)]!.toFixed(1).padStart(5)}  (${runs.map((r) => r.toFixed(1)).join(', ')})\n`,
    );
  }
} finally {
  server.close();
}
