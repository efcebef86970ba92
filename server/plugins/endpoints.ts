import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef, EndpointOutput, EndpointParsedInput } from '#contract/endpoint.ts';
import { endpoints, type EndpointName, type Endpoints } from '#contract/endpoints.ts';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { Role } from '#contract/roles.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { AuthUser, SessionService } from '#server/modules/auth/session-service.ts';
import { envelope, httpStatus } from './envelope.ts';
import type { RequestKeys } from './idempotency.ts';

export interface HandlerContext<E extends EndpointDef> {
  input: EndpointParsedInput<E>;
  /** The caller; null only on public endpoints. */
  user: E['access'] extends 'public' ? AuthUser | null : AuthUser;
  token: string | undefined;
  request: FastifyRequest;
}
export type Handler<E extends EndpointDef> = (ctx: HandlerContext<E>) => Promise<EndpointOutput<E>>;
export type HandlerMap = { [K in EndpointName]?: Handler<Endpoints[K]> };

/** The token travels in the `token` header; get_user and get_ws_auth_code also take it in the query. */
export function tokenOf(request: FastifyRequest, endpoint: EndpointDef): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const query = request.query as Record<string, unknown> | undefined;
  if (endpoint.tokenInQuery && typeof query?.token === 'string' && query.token) return query.token;
  return undefined;
}

const requestIdOf = (input: unknown): string | undefined => {
  const id = (input as { request_id?: unknown } | null)?.request_id;
  return typeof id === 'string' ? id : undefined;
};

/** Refusals that a later retry may not meet again are not kept as the request's answer. */
const TRANSIENT: ReadonlySet<number> = new Set([ErrCode.RATE_LIMITED, ErrCode.PENDING, ErrCode.INTERNAL]);

/**
 * Registers every endpoint of the contract, in one place: access first (1002, then 1003), then the
 * input schema, then the handler; the answer is wrapped in the envelope. An endpoint the server has
 * no handler for yet answers NOT_IMPLEMENTED after the same checks, so contract and server never drift.
 * A signed-in write that carries a request_id runs once: a replay gets the first answer (requestKeys).
 */
export function registerEndpoints(
  app: FastifyInstance,
  handlers: HandlerMap,
  sessions: SessionService,
  requestKeys?: RequestKeys,
): void {
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint: EndpointDef = endpoints[name];
    const handler = handlers[name] as Handler<EndpointDef> | undefined;
    app.post(endpoint.path, { bodyLimit: endpoint.bodyLimit }, async (request, reply) => {
      const token = tokenOf(request, endpoint);
      let user: AuthUser | null = null;
      if (endpoint.access !== 'public') {
        user = await sessions.require(token);
        if (endpoint.access === 'admin' && user.role !== Role.Admin) throw new AppError(ErrCode.FORBIDDEN);
      }
      const input = parseInput(endpoint.input, request.body);
      if (!handler) throw new AppError(ErrCode.NOT_IMPLEMENTED);

      const requestId = requestIdOf(input);
      const keyed =
        requestKeys && user && requestId
          ? { keys: requestKeys, account: user.account_id, id: requestId }
          : null;
      if (keyed) {
        const claim = await keyed.keys.claim(keyed.account, keyed.id, endpoint.path);
        if (claim.kind === 'replay') return reply.code(httpStatus(claim.answer.errcode)).send(claim.answer);
      }
      try {
        const datas = await handler({ input, user: user as AuthUser, token, request });
        const answer = envelope(ErrCode.OK, defaultMsg[ErrCode.OK], datas ?? null);
        if (keyed) await keyed.keys.complete(keyed.account, keyed.id, answer);
        return answer;
      } catch (err) {
        if (keyed) {
          if (err instanceof AppError && !TRANSIENT.has(err.errcode)) {
            await keyed.keys.complete(keyed.account, keyed.id, envelope(err.errcode, err.message, err.datas));
          } else {
            await keyed.keys.release(keyed.account, keyed.id);
          }
        }
        throw err;
      }
    });
  }
}
