// Lighthouse 11 (the last version with the installability audit) against the built PWA served by the
// real server: passes when Chromium finds the app installable (audit `installable-manifest`).
//   npm run lighthouse:installable        (part of `npm test`; needs Chromium like the e2e tests)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath, freePort, startAppServer } from './lib/app-server.ts';

const chromePath = chromiumPath();

if (!existsSync(chromePath)) {
  process.stdout.write(`Lighthouse installability SKIPPED: no Chromium at ${chromePath}.\n`);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/lighthouse-installable.json', JSON.stringify({ skippedRun: true }));
  process.exit(0);
}

const started = performance.now();
mkdirSync('test-results', { recursive: true });
const server = await startAppServer('test-results/lighthouse-server.json');
const url = server.url;
let browser: Browser | null = null;
let passed: boolean;
try {
  // Lighthouse drives Chromium over its debugging port (Playwright launches it, as in the e2e tests).
  const debuggingPort = await freePort();
  browser = await chromium.launch({
    executablePath: chromePath,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`, '--window-size=1280,800'],
  });
  const result = await lighthouse(url, {
    port: debuggingPort,
    onlyAudits: ['installable-manifest'],
    // Desktop (tablets and desktops install it; a phone gets the blank page by the spec).
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false },
    emulatedUserAgent: false,
    output: 'json',
    logLevel: 'error',
  });
  const audit = result?.lhr.audits['installable-manifest'];
  passed = audit?.score === 1;
  writeFileSync('test-results/lighthouse-installable.json', JSON.stringify(audit ?? null, null, 2));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (passed)
    process.stdout.write(`Lighthouse: the PWA is installable (installable-manifest passed, ${seconds} s)\n`);
  else {
    process.stdout.write(`Lighthouse: NOT installable (${seconds} s)\n`);
    process.stdout.write(`${JSON.stringify(audit?.details ?? audit?.explanation ?? audit, null, 2)}\n`);
  }
} finally {
  await browser?.close();
  server.stop();
}
process.exit(passed ? 0 : 1);
