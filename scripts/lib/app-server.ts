import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { pwaBuildIsStale } from './build-stamp.ts';
import { run } from './run.ts';
import { buildServer } from '../build-server.ts';

export { CHROMIUM_FLAGS, chromiumPath } from '#tests/setup/chromium.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start: ${url}`);
}

/**
 * Builds the PWA if stale and starts the e2e server (fresh temp database, demo shop) on a free port.
 * `info` is where it writes its database path (not the e2e suite's file).
 */
export async function startAppServer(
  info: string,
): Promise<{ url: string; stop(): void; child: ChildProcess }> {
  if (pwaBuildIsStale()) {
    const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
    if (code !== 0) throw new Error('vite build failed');
  }
  const port = await freePort();
  const url = `http://localhost:${port}/`;
  await buildServer(); // scripts/e2e-server.ts runs the built server
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', E2E_SERVER_INFO: info },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(url);
  return { url, child, stop: () => void child.kill() };
}
