import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef, EndpointOutput, EndpointParsedInput } from '#contract/endpoint.ts';
import { endpoints, type EndpointName, type Endpoints } from '#contract/endpoints.ts';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { Role } from '#contract/roles.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { AuthUser, SessionService } from '#server/modules/auth/session-service.ts';
import { envelope, httpStatus } from './envelope.ts';
import { fingerprintOf, type RequestKeys } from './idempotency.ts';

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
 * Largest body a caller who is not signed in may send (sign-in, sign-up, SMS codes: a few hundred
 * bytes). Signed-in callers get the server's default (1 MiB) or the endpoint's own limit: since the
 * token is checked in onRequest, before the body is read, nobody else ever gets those.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The caller found in onRequest, for the handler. */
const callers = new WeakMap<FastifyRequest, AuthUser>();

/**
 * Registers every endpoint of the contract, in one place: access first (1002, then 1003) in onRequest,
 * before the body is read or parsed; then the input schema, then the handler; the answer is wrapped in
 * the envelope. An endpoint the server has no handler for yet answers NOT_IMPLEMENTED after the same
 * checks, so contract and server never drift. A signed-in write that carries a request_id runs once
 * (requestKeys, docs/decisions/0024-idempotency-and-abuse-limits.md).
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
    const isPublic = endpoint.access === 'public';
    const onRequest = async (request: FastifyRequest) => {
      if (isPublic) return;
      const user = await sessions.require(tokenOf(request, endpoint));
      if (endpoint.access === 'admin' && user.role !== Role.Admin) throw new AppError(ErrCode.FORBIDDEN);
      callers.set(request, user);
    };
    const bodyLimit = isPublic
      ? Math.min(endpoint.bodyLimit ?? PUBLIC_BODY_LIMIT, PUBLIC_BODY_LIMIT)
      : endpoint.bodyLimit;
    // An endpoint may name its own errcode for a body over its limit (a photo too large).
    const config = { tooLargeErrcode: endpoint.tooLargeErrcode };
    app.post(endpoint.path, { bodyLimit, onRequest, config }, async (request, reply) => {
      const token = tokenOf(request, endpoint);
      const user = callers.get(request) ?? null;
      const input = parseInput(endpoint.input, request.body);
      if (!handler) throw new AppError(ErrCode.NOT_IMPLEMENTED);

      const requestId = requestIdOf(input);
      const run = () => handler({ input, user: user as AuthUser, token, request });
      if (!requestKeys || !user || !requestId) {
        const datas = await run();
        return envelope(ErrCode.OK, defaultMsg[ErrCode.OK], datas ?? null);
      }

      const account = user.account_id;
      const claim = await requestKeys.claim(
        account,
        requestId,
        endpoint.path,
        fingerprintOf(endpoint.path, input),
      );
      if (claim.kind === 'replay') return reply.code(httpStatus(claim.answer.errcode)).send(claim.answer);
      try {
        const datas = await requestKeys.hold(account, requestId, claim.lockToken, run);
        const answer = envelope(ErrCode.OK, defaultMsg[ErrCode.OK], datas ?? null);
        await requestKeys.complete(account, requestId, claim.lockToken, answer);
        return answer;
      } catch (err) {
        if (err instanceof AppError && !TRANSIENT.has(err.errcode)) {
          const answer = envelope(err.errcode, err.message, err.datas);
          await requestKeys.complete(account, requestId, claim.lockToken, answer);
        } else {
          await requestKeys.release(account, requestId, claim.lockToken);
        }
        throw err;
      }
    });
  }
}
