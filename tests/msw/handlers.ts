import { http, HttpResponse } from 'msw';
import type { FastifyInstance } from 'fastify';

/**
 * The default msw handlers answer every API call from the real server app, in process, through
 * Fastify's inject: screen tests and server cannot drift. A test overrides a handler with
 * `server.use(...)` for faults (network errors, odd answers).
 */
export function realServerHandlers(getApp: () => FastifyInstance) {
  return [
    http.post('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const token = request.headers.get('token');
      const res = await getApp().inject({
        method: 'POST',
        url: url.pathname + url.search,
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        payload: await request.text(),
      });
      return new HttpResponse(res.body, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    }),
    // Downloads (export files): the file's bytes and headers as the server sends them.
    http.get('*/api/*', async ({ request }) => {
      const url = new URL(request.url);
      const token = request.headers.get('token');
      const res = await getApp().inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: token ? { token } : {},
      });
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-disposition', 'content-length'])
        if (typeof res.headers[name] === 'string' || typeof res.headers[name] === 'number')
          headers[name] = String(res.headers[name]);
      return new HttpResponse(res.rawPayload, { status: res.statusCode, headers });
    }),
  ];
}
