import type { FastifyInstance } from 'fastify';
import type { CallOptions, CallResult } from './server-harness.ts';

/**
 * The test server's `call` over any Fastify app (`app.inject`, no port): the harness uses it, and so
 * do the PostgreSQL tests that build their own app, so both reach callEndpoint the same way.
 * A string or Buffer body is sent as is; `undefined` sends no body; anything else goes as JSON.
 * Throws when the answer is not a JSON envelope.
 */
export function injectCall(app: FastifyInstance) {
  return async <D = Record<string, unknown>>(
    path: string,
    body?: unknown,
    o: CallOptions = {},
  ): Promise<CallResult<D>> => {
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    if (o.token !== undefined) headers.token = o.token;
    Object.assign(headers, o.headers);
    const res = await app.inject({
      method: o.method ?? 'POST',
      url: path,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(o.query !== undefined ? { query: o.query } : {}),
      ...(o.remoteAddress !== undefined ? { remoteAddress: o.remoteAddress } : {}),
    });
    let parsed: { errcode: number; msg: string; datas: D };
    try {
      parsed = JSON.parse(res.body) as typeof parsed;
    } catch {
      throw new Error(`${path} answered ${res.statusCode} with a non-JSON body: ${res.body.slice(0, 200)}`);
    }
    return { status: res.statusCode, ...parsed, headers: res.headers, raw: res.body };
  };
}
