import type { IncomingMessage } from 'node:http';
import { ConfigError } from '#server/config-error.ts';

/**
 * Which pages may open a socket (issue 25): a browser always names the page's origin on a WebSocket
 * handshake and on cross-origin polling, so a page of another site cannot ride a signed-in shop's
 * socket. Allowed: the server's own origin (the Origin's host is the request's Host: the PWA served
 * by this server, or Vite's dev server, whose proxy keeps the Host) and the origins of
 * SOCKET_ALLOWED_ORIGINS (a PWA built for another API host, a proxy that rewrites Host).
 * A request without Origin is allowed: it is no browser page's (browsers leave it out only on
 * same-origin polling), so a forged page cannot produce it, and non-browser clients (tests, tools)
 * still need the auth_info code to get anything.
 */
export function socketOriginAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin.toLowerCase())) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // 'null' (a sandboxed frame, a file) or garbage
  }
  return !!req.headers.host && host === req.headers.host.toLowerCase();
}

/** SOCKET_ALLOWED_ORIGINS: comma-separated origins (scheme://host[:port]), each checked. */
export function parseAllowedOrigins(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      let url: URL;
      try {
        url = new URL(s);
      } catch {
        throw new ConfigError(`SOCKET_ALLOWED_ORIGINS: not an origin: ${s}`);
      }
      if (url.origin === 'null' || url.origin !== s.replace(/\/$/, '').toLowerCase())
        throw new ConfigError(`SOCKET_ALLOWED_ORIGINS: give origins only (scheme://host[:port]), got ${s}`);
      return url.origin;
    });
}
