import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.ts';

const ROOT = resolve(import.meta.dirname, '..');
// Inside the repo, so the bundle's package imports resolve from its node_modules as in dist-server/.
const cache = join(ROOT, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'server-bundle-'));

function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

describe('the built server (scripts/build-server.ts)', () => {
  beforeAll(() => buildServer(dir), 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('bundles the project and leaves packages to node_modules', () => {
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(code).toContain('from "fastify"');
    expect(code).not.toMatch(/from "#(server|contract)\//);
    expect(existsSync(join(dir, 'clean-worker.mjs'))).toBe(true);
    // image-cleaner.ts, run from the bundle, starts the built worker (its .ts source is not there).
    expect(code).toContain('"./clean-worker.mjs"');
  });

  it('starts, migrates, seeds and answers', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(dir, 'index.mjs')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: join(dir, 'db.sqlite'),
        STATIC_DIR: join(dir, 'no-pwa'),
        EXPORTS_DIR: join(dir, 'exports'),
        EXPORT_LINK_SECRET: 'bundle-test-export-link-secret-0123456789',
        REPAIROPS_DEMO_HISTORY: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await expect.poll(() => out, { timeout: 30_000 }).toContain('RepairOps is running');
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      // A validated API call through the bundled contract and handlers: no token, a precise errcode.
      const list = await fetch(`http://127.0.0.1:${port}/api/repair/device_list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await list.json()) as { errcode: number };
      expect(body.errcode).not.toBe(0);
      // Production seeds no demo shop and prints no password (decision 0041).
      expect(out).toContain('no account yet');
      expect(out).not.toContain('repair2026');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  }, 60_000);

  it("runs the OCR photo cleaner's worker from its own built file", async () => {
    const png = new PNG({ width: 64, height: 48 });
    png.data.fill(180);
    const worker = new Worker(join(dir, 'clean-worker.mjs'));
    try {
      const answer = await new Promise<{ png: Uint8Array | null }>((res, rej) => {
        worker.once('message', res);
        worker.once('error', rej);
        worker.postMessage({ bytes: PNG.sync.write(png), type: 'png', enlarge: true });
      });
      expect(answer.png).not.toBeNull();
      // Asked to enlarge, the cleaner answers the photo at twice its size.
      expect(PNG.sync.read(Buffer.from(answer.png!)).width).toBe(128);
    } finally {
      await worker.terminate();
    }
  });
});
