// The end-to-end part of `npm test`: builds the PWA and runs Playwright in Debian's Chromium against
// the real server (its headless shell when installed, tests/setup/chromium.ts). Without Chromium it
// says how to install it and reports itself skipped.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { buildServer } from './build-server.ts';
import { pwaBuildIsStale } from './lib/build-stamp.ts';
import { e2eChromiumPath } from '#tests/setup/chromium.ts';
import { run } from './lib/run.ts';

const chromium = e2eChromiumPath();
if (!existsSync(chromium)) {
  process.stdout.write(
    [
      '',
      `End-to-end tests SKIPPED: no Chromium at ${chromium}.`,
      '  Install it with: sudo apt-get install -y chromium chromium-headless-shell fonts-wqy-microhei',
      '  (or set CHROMIUM_PATH to a Chromium binary). CI always installs it.',
      '',
    ].join('\n'),
  );
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/e2e.json',
    JSON.stringify({ skippedRun: true, stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 1 } }),
  );
  process.exit(0);
}

if (pwaBuildIsStale()) {
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
// The suite runs the built server, as production does (scripts/e2e-server.ts).
await buildServer();
process.exit(await run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
