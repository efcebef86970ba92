// First load of the sign-in route, measured in Chromium against the real server (prints, asserts
// nothing; docs/decisions/0025-first-load-budget.md):
// - the JavaScript the sign-in route loads: files, raw bytes and bytes after gzip (target <= 120 kB);
// - the bytes on the wire for the whole first load (every response, headers included), with the
//   server's precompressed brotli/gzip, against the same files uncompressed;
// - what the sign-in form's focus fetches ahead for the sign-in and the page after it (the puzzle,
//   the HTTP client, the app's catalog, the data layer: decision 0025), apart.
//   npm run bench:first-load
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from '../lib/app-server.ts';

const TARGET_JS_GZ = 120 * 1024;
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

if (!existsSync(chromiumPath())) {
  process.stdout.write(`No Chromium at ${chromiumPath()}: install it (see README) to run the benchmark.\n`);
  process.exit(0);
}
mkdirSync('test-results', { recursive: true });
const server = await startAppServer('test-results/bench-first-load.json');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });

/** Loads the sign-in page in a fresh context (no cache, no service worker yet) and sums what came. */
async function load(encoding: string) {
  const context = await browser.newContext({
    baseURL: server.url,
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'accept-encoding': encoding },
  });
  const page = await context.newPage();
  const scripts = new Set<string>();
  let focused = false;
  const onFocus = new Set<string>();
  let wire = 0;
  let responses = 0;
  page.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      wire += sizes.responseBodySize + sizes.responseHeadersSize;
      responses++;
    });
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js') && request.resourceType() === 'script')
      (focused ? onFocus : scripts).add(url.pathname);
  });
  await page.goto('/#/user/login');
  const username = page.locator('input[name=username]');
  await username.waitFor();
  await page.waitForLoadState('networkidle');
  const first = { wire, responses };
  focused = true;
  await username.focus();
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { scripts: [...scripts], onFocus: [...onFocus].filter((path) => !scripts.has(path)), ...first };
}

try {
  const compressed = await load('br, gzip');
  const plain = await load('identity');
  const weigh = (paths: string[]) => {
    let raw = 0;
    let gz = 0;
    const files: { path: string; gz: number }[] = [];
    for (const path of paths) {
      const body = readFileSync(join('dist', path));
      raw += body.length;
      const size = gzipSync(body, { level: 9 }).length;
      gz += size;
      files.push({ path, gz: size });
    }
    return { raw, gz, files };
  };
  const { raw, gz, files } = weigh(compressed.scripts);
  const ahead = weigh(compressed.onFocus);
  // FIRST_LOAD_FILES=1 lists the files, largest first: where the weight is.
  if (process.env.FIRST_LOAD_FILES)
    for (const f of files.sort((a, b) => b.gz - a.gz))
      process.stdout.write(`${kB(f.gz).padStart(9)}  ${f.path}\n`);
  const verdict = gz <= TARGET_JS_GZ ? 'met' : 'NOT met';
  process.stdout.write(
    [
      `sign-in route JavaScript: ${compressed.scripts.length} files, ${kB(raw)} raw, ${kB(gz)} after gzip (target <= ${kB(TARGET_JS_GZ)}: ${verdict})`,
      `first load on the wire (brotli/gzip as served): ${kB(compressed.wire)} in ${compressed.responses} responses`,
      `first load on the wire uncompressed (before precompression): ${kB(plain.wire)} in ${plain.responses} responses`,
      `fetched ahead when the form gets focus (not in the figures above): ${compressed.onFocus.length} files, ${kB(ahead.gz)} after gzip`,
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  server.stop();
}
