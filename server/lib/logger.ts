import type { FastifyServerOptions } from 'fastify';

/** Drops the token query parameter (get_user and get_ws_auth_code carry it) from logged URLs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Structured logs without secrets: no token header or query, no cookie, no body (passwords). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
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
