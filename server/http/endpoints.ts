import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef, EndpointOutput, EndpointParsedInput } from '#contract/endpoint.ts';
import { endpoints, type EndpointName, type Endpoints } from '#contract/endpoints.ts';
import { ErrCode, defaultMsg, type ErrCodeValue } from '#contract/errcodes.ts';
import { Role } from '#contract/roles.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseInput } from '#server/lib/validation.ts';
import type { AuthUser, SessionService } from '#server/modules/auth/session-service.ts';
import type { Envelope } from '#contract/envelope.ts';
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
 * One write of an outbox batch (server/modules/outbox/replay-handler.ts) run through its endpoint's
 * whole path — access, body limit, input schema, request_id claim, handler, envelope — as if it had
 * come in a request of its own, but without HTTP (no injected request, no second JSON round trip).
 * Answers the envelope that request would have got; never throws.
 */
export type EndpointDispatcher = (
  path: string,
  body: Record<string, unknown>,
  caller: { token: string | undefined; request: FastifyRequest },
) => Promise<Envelope<unknown>>;

/** The envelope of an error, as the app's error handler (envelope.ts) answers it. */
function errorAnswer(err: unknown, request: FastifyRequest): Envelope<unknown> {
  if (err instanceof AppError) {
    if (err.errcode !== ErrCode.SESSION_EXPIRED) request.log.info({ errcode: err.errcode }, 'business error');
    return envelope(err.errcode, err.message, err.datas);
  }
  request.log.error({ err }, 'unhandled error');
  return envelope(ErrCode.INTERNAL, defaultMsg[ErrCode.INTERNAL], null);
}

/**
 * Registers every endpoint of the contract, in one place: access first (1002, then 1003) in onRequest,
 * before the body is read or parsed; then the input schema, then the handler; the answer is wrapped in
 * the envelope. An endpoint the server has no handler for yet answers NOT_IMPLEMENTED after the same
 * checks, so contract and server never drift. A signed-in write that carries a request_id runs once
 * (requestKeys, docs/decisions/0024-idempotency-and-abuse-limits.md). Answers the dispatcher that runs
 * the same path for one write of an outbox batch.
 */
export function registerEndpoints(
  app: FastifyInstance,
  handlers: HandlerMap,
  sessions: SessionService,
  requestKeys?: RequestKeys,
): EndpointDispatcher {
  const dispatchers = new Map<string, (body: unknown, caller: Caller) => Promise<Envelope<unknown>>>();
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint: EndpointDef = endpoints[name];
    const handler = handlers[name] as Handler<EndpointDef> | undefined;
    const isPublic = endpoint.access === 'public';
    /** The caller, or 1002 / 1003. */
    const authorize = async (token: string | undefined): Promise<AuthUser> => {
      const user = await sessions.require(token);
      if (endpoint.access === 'admin' && user.role !== Role.Admin) throw new AppError(ErrCode.FORBIDDEN);
      return user;
    };
    /** Input schema, request_id claim, handler: the envelope to answer (a replayed one included). */
    const execute = async (
      body: unknown,
      { user, token, request }: Caller & { user: AuthUser | null },
    ): Promise<Envelope<unknown>> => {
      const input = parseInput(endpoint.input, body);
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
      if (claim.kind === 'replay') return claim.answer;
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
    };

    const onRequest = async (request: FastifyRequest) => {
      if (isPublic) return;
      callers.set(request, await authorize(tokenOf(request, endpoint)));
    };
    const bodyLimit = isPublic
      ? Math.min(endpoint.bodyLimit ?? PUBLIC_BODY_LIMIT, PUBLIC_BODY_LIMIT)
      : endpoint.bodyLimit;
    // An endpoint may name its own errcode for a body over its limit (a photo too large).
    const config = { tooLargeErrcode: endpoint.tooLargeErrcode };
    app.post(endpoint.path, { bodyLimit, onRequest, config }, async (request, reply) => {
      const token = tokenOf(request, endpoint);
      const user = callers.get(request) ?? null;
      const answer = await execute(request.body, { user, token, request });
      // A replayed answer keeps the status its errcode has (a fresh one is a success: 200).
      return reply.code(httpStatus(answer.errcode)).send(answer);
    });

    if (isPublic) continue;
    // An endpoint without a limit of its own has the app's (server/app.ts).
    const limit = bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    dispatchers.set(endpoint.path, async (body, caller) => {
      try {
        const user = await authorize(caller.token);
        // The body's size as its own request would have sent it: measured only when the whole batch
        // could be over this endpoint's limit.
        const batchBytes = Number(caller.request.headers['content-length'] ?? Infinity);
        if (batchBytes > limit && Buffer.byteLength(JSON.stringify(body)) > limit)
          throw new AppError(
            (endpoint.tooLargeErrcode as ErrCodeValue | undefined) ?? ErrCode.BODY_TOO_LARGE,
          );
        return await execute(body, { ...caller, user });
      } catch (err) {
        return errorAnswer(err, caller.request);
      }
    });
  }
  return async (path, body, caller) => {
    const dispatch = dispatchers.get(path);
    if (!dispatch) return envelope(ErrCode.NOT_FOUND, defaultMsg[ErrCode.NOT_FOUND], null);
    return dispatch(body, caller);
  };
}

type Caller = { token: string | undefined; request: FastifyRequest };
