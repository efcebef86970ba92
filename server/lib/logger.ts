import { hostname } from 'node:os';
import { instanceId } from '#server/http/health.ts';
import type { FastifyServerOptions } from 'fastify';
import { prettyStream } from './log-pretty.ts';

/** json: one JSON object a line (production, collectors); pretty: readable lines for a terminal. */
export type LogFormat = 'json' | 'pretty';

function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return key.toLowerCase();
  }
}

/**
 * Drops the token query parameter (get_user and get_ws_auth_code carry it) and the signature of
 * export download links (`sig`) from logged URLs. Keys are compared decoded, as Fastify reads them:
 * `?to%6Ben=` is a token too.
 */
const SECRET_KEYS: ReadonlySet<string> = new Set(['token', 'sig']);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_KEYS.has(decodedKey(key)) ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return url.slice(0, q + 1) + redacted + (hash < 0 ? '' : url.slice(hash));
}

/**
 * Structured logs without secrets: no token header or query, no cookie, no body (passwords).
 * `pretty` (the terminal's default, config.logFormat) writes them readable and quiet (log-pretty.ts).
 */
export function loggerOptions(level: string, format: LogFormat = 'json'): FastifyServerOptions['logger'] {
  return {
    level,
    ...(format === 'pretty' ? { stream: prettyStream(process.stdout, level) } : {}),
    // Which process wrote the line (several share one database behind one address: docs/deploy.md).
    base: { pid: process.pid, hostname: hostname(), instance: instanceId() },
    redact: {
      paths: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
