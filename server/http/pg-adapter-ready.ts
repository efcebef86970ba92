import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * Resolves true once socket.io's PostgreSQL adapter LISTENs on `channel` through `pool` (a NOTIFY
 * this process sends comes back on one of the pool's connections), false after `timeoutMs`.
 *
 * Why: the adapter takes its LISTEN connection from the pool asynchronously and says nothing when it
 * has it. A process closed before then leaks that connection (the adapter's close() only releases a
 * connection it already holds), so `pool.end()` waits forever and shutdown hangs; and a process that
 * answers before then misses the other processes' events. The probe names a namespace nobody has,
 * so every adapter that hears it drops it.
 */
export function whenAdapterListens(pool: pg.Pool, channel: string, timeoutMs: number): Promise<boolean> {
  const token = randomUUID();
  let heard = false;
  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === channel && msg.payload?.includes(token)) heard = true;
  };
  const watched = new Set<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (watched.has(client)) return;
    watched.add(client);
    client.on('notification', onNotification);
  };
  // Attached before the adapter asks the pool for its connection (the caller's order).
  pool.on('acquire', onAcquire);
  const payload = JSON.stringify({ uid: `ready-probe-${token}`, nsp: '/ready-probe', type: -1 });
  return (async () => {
    const deadline = Date.now() + timeoutMs;
    try {
      while (!heard && Date.now() < deadline) {
        // A refused probe (database briefly away) is retried until the deadline.
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(() => undefined);
        if (!heard) await new Promise((r) => setTimeout(r, 20));
      }
      return heard;
    } finally {
      pool.off('acquire', onAcquire);
      for (const client of watched) client.off('notification', onNotification);
    }
  })();
}
