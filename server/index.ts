import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDb } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_USERS } from './seed.ts';
import { seedDemo } from './seed-demo.ts';
import { demoHistoryEnabled } from './seed-history.ts';
import { selectCheckProvider } from './providers/checks/index.ts';

/** Opens the database, migrates, seeds the demo shop on first run, listens, and shuts down cleanly. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const db = connectDb(config.databaseUrl);
  await migrateToLatest(db.db as never, db.dialect);
  // On first start: the demo shop with 90 days of orders, results, repairs and recharges
  // (REPAIROPS_DEMO_HISTORY=0 leaves the history out), all or nothing.
  const { seeded, history } = await seedDemo(db, { history: demoHistoryEnabled() });
  const { app, servesPwa, runner, repairs, exportRunner, health } = await buildApp({
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
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `RepairOps is running at http://localhost:${port}/`,
    process.env.REPAIROPS_VITE_URL
      ? `  (API only: open the Vite dev server at ${process.env.REPAIROPS_VITE_URL})`
      : servesPwa
        ? ''
        : '  (the PWA is not built: run `npm run build`, or `npm start` which builds it)',
    `  database: ${db.dialect === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}${seeded ? ' (demo shop seeded)' : ''}`,
    ...(history
      ? [
          `  demo history: ${history.orders} check orders, ${history.devices} devices, ${history.recharges} recharges over 90 days (${history.ms} ms; REPAIROPS_DEMO_HISTORY=0 leaves it out)`,
        ]
      : []),
    '  demo sign-ins:',
    ...DEMO_USERS.map((u) => `    ${u.role === 0 ? 'Admin ' : 'Editor'}  ${u.username} / ${u.password}`),
    '',
  ];
  process.stdout.write(
    lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n') + '\n',
  );
}

if (import.meta.main) {
  main().catch((err: unknown) => {
    process.stderr.write(`RepairOps failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
