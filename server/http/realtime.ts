import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type * as PostgresAdapter from '@socket.io/postgres-adapter';
import type PgModule from 'pg';
import { Server } from 'socket.io';
import { whenAdapterListens } from './pg-adapter-ready.ts';
import { socketOriginAllowed } from './socket-origin.ts';
import {
  INVALID_AUTH_INFO,
  SOCKET_PATH,
  SOCKET_SOURCE,
  type ClientToServerEvents,
  type RealtimeTopic,
  type ServerToClientEvents,
} from '#contract/realtime.ts';
import type { WsCodeService } from '#server/modules/realtime/ws-code-service.ts';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

export const accountRoom = (accountId: number) => `account:${accountId}`;

/** The data:changed events a batch of writes holds back, per server and account (see coalescingDataChanged). */
interface HeldEvents {
  pending: Map<RealtimeServer, Map<number, Set<RealtimeTopic>>>;
  /** False once the batch ended: work it started that emits later (a job it woke) emits at once. */
  open: boolean;
}
const heldEvents = new AsyncLocalStorage<HeldEvents>();

/**
 * Tells every device signed in to the account that shared data changed: the PWA refetches the
 * queries of those topics (contract/realtime.ts REALTIME_TOPICS). Call it after the write committed.
 * Inside coalescingDataChanged the event waits for the end of the batch.
 */
export function emitDataChanged(io: RealtimeServer, accountId: number, topics: RealtimeTopic[]): void {
  const held = heldEvents.getStore();
  if (!held?.open) {
    io.to(accountRoom(accountId)).emit('data:changed', { topics });
    return;
  }
  const accounts = held.pending.get(io) ?? new Map<number, Set<RealtimeTopic>>();
  held.pending.set(io, accounts);
  const union = accounts.get(accountId) ?? new Set<RealtimeTopic>();
  accounts.set(accountId, union);
  for (const topic of topics) union.add(topic);
}

/**
 * Runs a batch of writes (the outbox's replay, decision 0027) sending their data:changed events once,
 * when it ends: per account, one event with every topic, instead of one per write (a queue of 1,000
 * writes made every device of the shop refetch its lists 1,000 times). Each write has committed
 * before it asks for its event, so the later event still follows the data it announces.
 */
export async function coalescingDataChanged<T>(run: () => Promise<T>): Promise<T> {
  const held: HeldEvents = { pending: new Map(), open: true };
  try {
    return await heldEvents.run(held, run);
  } finally {
    held.open = false;
    for (const [io, accounts] of held.pending)
      for (const [accountId, topics] of accounts)
        io.to(accountRoom(accountId)).emit('data:changed', { topics: [...topics] });
  }
}
export const userRoom = (userId: number) => `user:${userId}`;
/** Sockets opened with a code of one session (its token hash): they end with the session. */
export const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

/**
 * Ends sockets with the session that opened them (decision 0024): quit ends one session's sockets,
 * a password change the user's other sessions', a disable or reset all of the user's. Through the
 * adapter, so it reaches every process once socket.io's Redis adapter joins them.
 */
export function disconnectSessions(
  io: RealtimeServer,
  target: { sessionHash: string } | { userId: number; exceptSessionHash?: string },
): void {
  if ('sessionHash' in target) return io.in(sessionRoom(target.sessionHash)).disconnectSockets(true);
  const room = io.in(userRoom(target.userId));
  (target.exceptSessionHash ? room.except(sessionRoom(target.exceptSessionHash)) : room).disconnectSockets(
    true,
  );
}

/**
 * socket.io on the API's own HTTP server. A socket joins its user's and its account's rooms, so
 * services emit to whoever must know. On PostgreSQL (`postgresUrl`) several processes share the
 * database: socket.io's PostgreSQL adapter (LISTEN/NOTIFY) carries every emit and every
 * disconnectSockets to the sockets of the other processes too (decision 0033).
 */
export function attachRealtime(
  app: FastifyInstance,
  wsCodes: WsCodeService,
  postgresUrl?: string,
  allowedOrigins: readonly string[] = [],
): RealtimeServer {
  const origins = new Set(allowedOrigins);
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // Pages of other sites are refused (403) before the handshake (socket-origin.ts).
    allowRequest: (req, done) => done(null, socketOriginAllowed(req, origins)),
  });
  // Its own small pool: one connection LISTENs for the whole process, the other sends NOTIFYs.
  let pool: PgModule.Pool | null = null;
  let listening: Promise<boolean> | null = null;
  if (postgresUrl) {
    // Loaded only for PostgreSQL: a SQLite server (one process) never holds the adapter or the driver.
    const require = createRequire(import.meta.url);
    const pg = require('pg') as typeof PgModule;
    const { createAdapter } = require('@socket.io/postgres-adapter') as typeof PostgresAdapter;
    pool = new pg.Pool({ connectionString: postgresUrl, max: 2 });
    pool.on('error', (err) => app.log.error({ err }, 'socket.io adapter connection'));
    // socket.io's channel for the default namespace ('socket.io' prefix + '#' + '/').
    listening = whenAdapterListens(pool, 'socket.io#/', 5000);
    io.adapter(createAdapter(pool, { errorHandler: (err) => app.log.error({ err }, 'socket.io adapter') }));
    // Ready once this process hears the others' events (and holds the connection close() releases).
    app.addHook('onReady', async () => {
      if (!(await listening)) app.log.warn('socket.io adapter is not listening yet');
    });
  }
  io.use((socket, next) => {
    const auth = { ...socket.handshake.query, ...socket.handshake.auth } as Record<string, unknown>;
    const code = auth.auth_info;
    if (auth.source !== SOCKET_SOURCE || typeof code !== 'string' || code.length === 0 || code.length > 200) {
      return next(new Error(INVALID_AUTH_INFO));
    }
    wsCodes.resolve(code).then(
      (user) => {
        if (!user) return next(new Error(INVALID_AUTH_INFO));
        void socket.join([
          userRoom(user.user_id),
          accountRoom(user.account_id),
          sessionRoom(user.session_hash),
        ]);
        next();
      },
      (err: unknown) => {
        app.log.error({ err }, 'socket auth failed');
        next(new Error(INVALID_AUTH_INFO));
      },
    );
  });
  app.addHook('preClose', async () => {
    await listening;
    await io.close();
    await pool?.end();
  });
  return io;
}
