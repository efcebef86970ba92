import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';

export interface HttpTimeouts {
  /** The whole request (headers and body) must arrive within this; Node answers 408 past it. */
  requestTimeoutMs: number;
  /** A connection that sends nothing (before a request) or takes nothing (an answer under way) this long is closed. */
  connectionTimeoutMs: number;
}

/**
 * The API's HTTP server. Node's `server.timeout` (Fastify's connectionTimeout) is a socket
 * inactivity timer that Node re-arms when a request arrives, so it also fires while the handler is
 * still working: a 45 s recognition lost its answer at 30 s while the server finished the work
 * (issue 25). Here the idle timer is paused from the moment a request is handed over until its answer
 * starts (writeHead), then armed again (a client that stops reading the answer is still cut).
 * What stays bounded:
 * - a slow body (slow loris): requestTimeout, Node's own check every tenth of it (408), which ends
 *   once the body is in;
 * - a connection that never sends a request: the idle timer, armed on connection, and headersTimeout;
 * - an idle keep-alive connection between requests: Node's keepAliveTimeout (5 s).
 */
export function createHttpServer(limits: HttpTimeouts, handler: RequestListener): Server {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: Math.min(limits.requestTimeoutMs, 60_000),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(limits.requestTimeoutMs / 10))),
    },
    (req, res) => {
      holdIdleTimer(req, res, limits.connectionTimeoutMs);
      handler(req, res);
    },
  );
  server.setTimeout(limits.connectionTimeoutMs);
  return server;
}

/** No idle time-out while the server works on `req`; back to `idleMs` once the answer starts. */
function holdIdleTimer(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  const socket = req.socket;
  socket.setTimeout(0);
  // Every answer passes through writeHead (end() without it calls it too): an own-property wrapper,
  // removed at its first call.
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    res.writeHead = writeHead;
    if (!socket.destroyed) socket.setTimeout(idleMs);
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}
