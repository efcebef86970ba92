// One PWA build served by its own e2e server (the built dist-server, a fresh demo database) on a free
// port: the A/B benches (offline-ab.ts, pages-plain.ts with AB_DIRS) give each build its own origin,
// so each has its own service worker and caches.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../lib/app-server.ts';

export async function serveBuild(dir: string, index: number): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/e2e-server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      STATIC_DIR: dir,
      LOG_LEVEL: 'error',
      E2E_SERVER_INFO: `test-results/bench-ab-${index}.json`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(base)).ok) return { base, child };
    } catch {
      if (tries > 240) throw new Error(`server for ${dir} did not start`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
