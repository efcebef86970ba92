import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  INVALID_AUTH_INFO,
  SOCKET_PATH,
  SOCKET_SOURCE,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketAuth,
} from '#contract/realtime.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type RealtimeHandlers = Partial<ServerToClientEvents>;

export interface RealtimeOptions {
  url: string;
  /** The stored code (spec: sent as auth_info). */
  getCode(): string | null;
  /** Fetches a new code and stores it; rejects when it cannot (offline, signed out). */
  fetchCode(): Promise<string>;
  handlers: RealtimeHandlers;
  /** socket.io-client's io(); tests pass a fake. */
  connect?: typeof io;
}

// ——— Features listen to server events here (they never see the socket, nor import the app).

type EventName = keyof ServerToClientEvents;
const subscribers = new Map<string, Set<(...args: never[]) => void>>();

/** Calls `handler` for every `event` the server sends while signed in; returns the unsubscribe. */
export function subscribeRealtime<E extends EventName>(
  event: E,
  handler: ServerToClientEvents[E],
): () => void {
  const set = subscribers.get(event) ?? new Set();
  subscribers.set(event, set);
  set.add(handler as (...args: never[]) => void);
  return () => set.delete(handler as (...args: never[]) => void);
}

/** subscribeRealtime for a component's lifetime (the latest handler is called). */
export function useRealtimeEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      subscribeRealtime(event, ((...args: never[]) =>
        (latest.current as (...a: never[]) => void)(...args)) as never),
    [event],
  );
}

function dispatch(event: string, args: unknown[]): void {
  for (const handler of subscribers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
}

export const RECONNECT_DELAY_MS = 1000;
export const RECONNECT_DELAY_MAX_MS = 30_000;
const backoff = (attempt: number) => Math.min(RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MS * 2 ** attempt);

/**
 * The real-time channel: socket.io with the stored code as auth_info and source 'erp' (spec section
 * 7). A refusal with 'invalid auth_info' (the code expired) fetches a new code and connects again,
 * with backoff; a lost connection reconnects by socket.io's own backoff. Server events go to the
 * handlers (the app turns them into query invalidations).
 */
export function connectRealtime(options: RealtimeOptions): { socket: RealtimeSocket; close(): void } {
  const connect = options.connect ?? io;
  let closed = false;
  let refusals = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const socket: RealtimeSocket = connect(options.url, {
    path: SOCKET_PATH,
    autoConnect: false,
    // WebSocket first; long polling when a proxy refuses it.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
    // Read at every (re)connection, so a new code is used as soon as it is stored.
    auth: (cb: (auth: SocketAuth) => void) =>
      cb({ auth_info: options.getCode() ?? '', source: SOCKET_SOURCE }),
  });

  for (const [event, handler] of Object.entries(options.handlers)) {
    socket.on(event as keyof ServerToClientEvents, handler as never);
  }
  socket.onAny((event: string, ...args: unknown[]) => dispatch(event, args));
  socket.on('connect', () => {
    refusals = 0;
  });
  socket.on('connect_error', (err) => {
    // socket.io does not retry a refusal by the server's auth check: a new code, then again.
    if (closed || err.message !== INVALID_AUTH_INFO) return;
    const delay = refusals === 0 ? 0 : backoff(refusals);
    refusals++;
    retry = setTimeout(() => {
      retry = null;
      void options.fetchCode().then(
        () => {
          if (!closed) socket.connect();
        },
        () => {
          // No code now (offline): try again later.
          if (!closed) socket.connect();
        },
      );
    }, delay);
  });

  const start = async () => {
    if (!options.getCode()) await options.fetchCode().catch(() => undefined);
    if (!closed) socket.connect();
  };
  void start();

  return {
    socket,
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket.offAny();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
