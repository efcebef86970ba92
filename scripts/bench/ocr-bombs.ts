// `npm run bench:ocr-bombs` (issue 25): ten image bombs sent at once to identify_sn_imei on the real
// server (the built dist-server with the production flags, SQLite, a child process on loopback): a
// 20000 x 20000 PNG (76 kB, 1.6 GB decoded), a JPEG under a kilobyte whose header claims the same and
// a 30 MB photo, in turn. Prints the time to each refusal (target: all under 1 s) and the server's
// peak RSS meanwhile, sampled from /proc (target < 300 MB), and the time a plain photo sent with them
// takes to be read by the engine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { PNG } from 'pngjs';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { systemClock } from '#server/lib/clock.ts';
import { seedDemoShop } from '#server/seed.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/node-flags.ts';
import { imageDataUrl, lyingJpeg, pngBomb } from '#tests/setup/image-bombs.ts';
import { buildServer, SERVER_BUNDLE_ENTRY } from '../build-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8304);
const BOMBS = 10;
const TARGET_REFUSE_MS = 1000;
const TARGET_RSS_MB = 300;

const dir = mkdtempSync(join(tmpdir(), 'repairops-ocr-bombs-'));
const file = join(dir, 'bombs.sqlite');

/** The demo shop, and session tokens of its admin and editor. */
async function seed(): Promise<string[]> {
  const handle = connectDb(file);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
    await seedDemoShop(handle.db);
    const sessions = new SessionService(new AuthRepository(handle.db), systemClock, 86_400_000);
    const users = await handle.db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
    return await Promise.all(users.map((u) => sessions.open(u.id)));
  } finally {
    await handle.db.destroy();
  }
}

/** The server's resident memory now and at its peak (VmHWM), MB. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

async function waitForServer(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 60 s');
}

/** Bodies encoded before the clock starts: the time is the server's and the wire's, not the encoder's. */
const json = (value: unknown) => new Uint8Array(Buffer.from(JSON.stringify(value)));

/** One call; the refusal of a 30 MB body may come as the answer or as a closed upload. */
async function identify(
  token: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<{ ms: number; errcode: number | string }> {
  const t0 = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${PORT}/api/checks/identify_sn_imei`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body,
    });
    const json = (await res.json()) as { errcode: number };
    return { ms: performance.now() - t0, errcode: json.errcode };
  } catch (err) {
    return { ms: performance.now() - t0, errcode: `closed (${(err as Error).message})` };
  }
}

const [attacker, other] = await seed();
await buildServer();
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE_ENTRY], {
  env: {
    ...process.env,
    ...SERVER_ENV,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATABASE_URL: file,
    STATIC_DIR: join(dir, 'no-pwa'),
    EXPORTS_DIR: join(dir, 'exports'),
    EXPORT_LINK_SECRET: 'ocr-bombs-bench-export-link-secret-0123456789',
    LOG_LEVEL: 'error',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForServer(`http://127.0.0.1:${PORT}/`, child);
  const pid = child.pid as number;
  const idle = memoryOf(pid);
  const kinds = [
    { name: 'PNG 20000x20000', body: json({ image: imageDataUrl('image/png', pngBomb()) }) },
    { name: 'JPEG lying header', body: json({ image: imageDataUrl('image/jpeg', lyingJpeg()) }) },
    {
      name: '30 MB photo',
      body: json({ image: `data:image/jpeg;base64,${'A'.repeat(30 * 1024 * 1024)}` }),
    },
  ];
  const blank = new PNG({ width: 800, height: 600 });
  blank.data.fill(255);
  const plain = json({ image: imageDataUrl('image/png', PNG.sync.write(blank)) });

  // Each kind alone first: the time to refuse without the others' uploads on the same loopback.
  for (const k of kinds) {
    const alone = await identify(attacker!, k.body);
    console.log(`alone: ${k.name.padEnd(18)} ${alone.ms.toFixed(0).padStart(5)} ms  -> ${alone.errcode}`);
  }

  let peak = idle?.rss ?? 0;
  const sampler = setInterval(() => {
    const m = memoryOf(pid);
    if (m && m.rss > peak) peak = m.rss;
  }, 20);
  // BENCH_KINDS=2: only the PNG and the JPEG (without the 30 MB uploads on the same loopback).
  const mix = kinds.slice(0, Number(process.env.BENCH_KINDS ?? kinds.length));
  const sent = Array.from({ length: BOMBS }, (_, i) => mix[i % mix.length]!);
  const [photo, ...answers] = await Promise.all([
    identify(other!, plain),
    ...sent.map((k) => identify(attacker!, k.body)),
  ]);
  // A little longer: memory that grows after the answers (a decoder still running) counts too.
  await new Promise((r) => setTimeout(r, 1000));
  clearInterval(sampler);
  const end = memoryOf(pid);

  const slowest = Math.max(...answers.map((a) => a.ms));
  answers.forEach((a, i) =>
    console.log(`${sent[i]!.name.padEnd(18)} ${a.ms.toFixed(0).padStart(5)} ms  -> ${a.errcode}`),
  );
  console.log(
    `plain photo from another shop meanwhile: ${photo!.ms.toFixed(0)} ms -> ${photo!.errcode} (3161: read, no text)`,
  );
  console.log(
    `${BOMBS} bombs at once: slowest refusal ${slowest.toFixed(0)} ms (target < ${TARGET_REFUSE_MS}) ` +
      `${slowest < TARGET_REFUSE_MS ? 'met' : 'MISSED'}; server RSS idle ${idle?.rss.toFixed(1)} MB, ` +
      `peak ${peak.toFixed(1)} MB sampled, VmHWM ${end?.hwm.toFixed(1)} MB (target < ${TARGET_RSS_MB}) ` +
      `${Math.max(peak, end?.hwm ?? 0) < TARGET_RSS_MB ? 'met' : 'MISSED'}`,
  );
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
