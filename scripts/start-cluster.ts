// `npm run start:cluster`: N server processes on one PostgreSQL database (decision 0033), each on its
// own port (PORT, PORT+1, …) for a reverse proxy in front of them (docs/deploy.md has the nginx
// example). DATABASE_URL must name PostgreSQL; CLUSTER_PROCESSES (default 2) says how many.
// Migrations and the demo seed (outside production) run here once, before any process starts; a process that dies is
// started again (its leased jobs are taken over by the others when their lease ends).
import { spawn, type ChildProcess } from 'node:child_process';
import type { Kysely } from 'kysely';
import { connectDb } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { firstStart } from '#server/first-start.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/node-flags.ts';
import { buildServer, SERVER_BUNDLE_ENTRY } from './build-server.ts';
import { pwaBuildIsStale } from './lib/build-stamp.ts';
import { run } from './lib/run.ts';

const url = process.env.DATABASE_URL ?? '';
if (!/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write(
    'start:cluster needs DATABASE_URL=postgres://… (SQLite runs one process: npm start)\n',
  );
  process.exit(1);
}
const count = Number(process.env.CLUSTER_PROCESSES ?? 2);
const basePort = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(count) || count < 1 || count > 64) {
  process.stderr.write(`CLUSTER_PROCESSES must be 1-64, got ${process.env.CLUSTER_PROCESSES}\n`);
  process.exit(1);
}

if (pwaBuildIsStale()) {
  process.stdout.write('Building the PWA…\n');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
await buildServer();

const handle = connectDb(url);
await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.dialect);
// Outside production the demo shop (without the 90-day history, as before), all or nothing; in
// production nothing (the first shop and Admin come from `npm run create-admin`, decision 0041).
await firstStart(handle, { production: process.env.NODE_ENV === 'production', history: false });
await handle.db.destroy();

let stopping = false;
const children = new Map<number, ChildProcess>();
function startProcess(i: number) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE_ENTRY], {
    stdio: 'inherit',
    env: { ...process.env, ...SERVER_ENV, PORT: String(basePort + i), REPAIROPS_INSTANCE: `p${i}` },
  });
  children.set(i, child);
  child.on('exit', (code, signal) => {
    children.delete(i);
    if (stopping) {
      if (children.size === 0) process.exit(0);
      return;
    }
    process.stderr.write(`process p${i} left (${signal ?? code}); starting it again in 1 s\n`);
    setTimeout(() => startProcess(i), 1000);
  });
}
for (let i = 0; i < count; i++) startProcess(i);

// SIGTERM to the launcher: every process drains (readiness 503, jobs handed back) and leaves.
const stop = (signal: NodeJS.Signals) => {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
  if (children.size === 0) process.exit(0);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGTERM'));
