import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDb } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { firstStart } from './first-start.ts';
import { startBanner } from './start-banner.ts';
import { logPreflight, runPreflight } from './preflight/preflight.ts';
import { demoHistoryEnabled } from './seed-history.ts';
import { selectCheckProvider } from './providers/checks/index.ts';

/** Opens the database, migrates, seeds the demo shop on first run, listens, and shuts down cleanly. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const db = connectDb(config.databaseUrl);
  await migrateToLatest(db.db as never, db.dialect);
  // On first start outside production: the demo shop with 90 days of orders, results, repairs and
  // recharges (REPAIROPS_DEMO_HISTORY=0 leaves the history out), all or nothing. In production:
  // nothing; the first shop and Admin come from `npm run create-admin` (decision 0041).
  const first = await firstStart(db, { production: config.production, history: demoHistoryEnabled() });
  const { app, servesPwa, runner, repairs, exportRunner, messages, health } = await buildApp({
    config,
    db,
    checkProvider: selectCheckProvider(config),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // /readyz answers 503 from now on, so the proxy sends new requests to the other processes.
    health.draining();
    // Whatever hangs, the process leaves within 10 s.
    setTimeout(() => process.exit(1), 10_000).unref();
    // app.close() stops the job runner first (jobs waiting for a poll are handed back with their tickets).
    await app.close();
    await db.db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  runner?.start();
  // Without a repair-status provider (production) refreshes are refused; the runner still runs to
  // fail and refund jobs a database may hold from another configuration.
  repairs.runner.start();
  repairs.scheduler.start();
  exportRunner.start();
  messages.start();
  // Production logs what it runs with, one line per outside connection (no secrets): a missing one
  // is a warning, and its screens say "not configured" (npm run doctor prints the same).
  if (config.production) logPreflight(app.log, await runPreflight(config, { db }));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    startBanner({
      port,
      production: config.production,
      ...(process.env.REPAIROPS_VITE_URL ? { viteUrl: process.env.REPAIROPS_VITE_URL } : {}),
      servesPwa,
      database: db.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL',
      first,
    }),
  );
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`RepairOps failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
