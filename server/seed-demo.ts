import { sql } from 'kysely';
import type { Db } from './db/connect.ts';
import { inOneTransaction } from './db/one-transaction.ts';
import { seedDemoHistory, type DemoHistory } from './seed-history.ts';
import { seedDemoCounter } from './seed-counter.ts';
import { seedDemoRepairs } from './seed-repairs.ts';
import { seedDemoWallet } from './seed-wallet.ts';
import { seedDemoShop } from './seed.ts';

/** The advisory lock key of the demo seed (PostgreSQL). */
const DEMO_SEED_LOCK = 20260301;

export interface DemoSeed {
  /** False when the database already had an account (nothing written). */
  seeded: boolean;
  /** The 90 days of history, when asked for and written. */
  history: (DemoHistory & { ms: number }) | null;
}

/**
 * The demo shop on a database's first start: the shop, its wallet, optionally 90 days of history
 * (server/seed-history.ts), its repairs and its counter's tickets (server/seed-counter.ts), all in
 * ONE transaction (server/db/one-transaction.ts), though the history and the tickets are written by
 * the real services (and job runner) in hundreds of transactions of their own. A crash or an error mid-seed leaves no demo shop at all, so the next start, seeing no
 * account, seeds it again from the beginning, whole.
 */
export async function seedDemo(handle: Db, opts: { history: boolean; now?: number }): Promise<DemoSeed> {
  const now = opts.now ?? Date.now();
  return inOneTransaction(handle, async (db) => {
    // Processes started at once on an empty PostgreSQL database: the first seeds, the others wait
    // here until it commits, then find its account (without the lock they would seed too and fail on
    // the demo users at its commit). SQLite serves one process (decision 0033).
    if (handle.dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`.execute(db);
    if (!(await seedDemoShop(db, now))) return { seeded: false, history: null };
    await seedDemoWallet(db, now);
    let history: DemoSeed['history'] = null;
    if (opts.history) {
      const t0 = performance.now();
      history = { ...(await seedDemoHistory(db, handle.dialect, now)), ms: 0 };
      history.ms = Math.round(performance.now() - t0);
    }
    await seedDemoRepairs(db, now, { history: opts.history });
    // The counter's tickets are for the customers of the tracked devices just written.
    await seedDemoCounter(db, now);
    return { seeded: true, history };
  });
}
