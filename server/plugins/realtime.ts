import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
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

/**
 * Tells every device signed in to the account that shared data changed: the PWA refetches the
 * queries of those topics (contract/realtime.ts REALTIME_TOPICS). Call it after the write committed.
 */
export function emitDataChanged(io: RealtimeServer, accountId: number, topics: RealtimeTopic[]): void {
  io.to(accountRoom(accountId)).emit('data:changed', { topics });
}
export const userRoom = (userId: number) => `user:${userId}`;

/**
 * socket.io on the API's own HTTP server. A socket joins its user's and its account's rooms, so
 * services emit to whoever must know. (Past one process, socket.io's Redis adapter joins the rooms.)
 */
export function attachRealtime(app: FastifyInstance, wsCodes: WsCodeService): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
  io.use((socket, next) => {
    const auth = { ...socket.handshake.query, ...socket.handshake.auth } as Record<string, unknown>;
    const code = auth.auth_info;
    if (auth.source !== SOCKET_SOURCE || typeof code !== 'string' || code.length === 0 || code.length > 200) {
      return next(new Error(INVALID_AUTH_INFO));
    }
    wsCodes.resolve(code).then(
      (user) => {
        if (!user) return next(new Error(INVALID_AUTH_INFO));
        void socket.join([userRoom(user.user_id), accountRoom(user.account_id)]);
        next();
      },
      (err: unknown) => {
        app.log.error({ err }, 'socket auth failed');
        next(new Error(INVALID_AUTH_INFO));
      },
    );
  });
  app.addHook('preClose', async () => {
    await io.close();
  });
  return io;
}
