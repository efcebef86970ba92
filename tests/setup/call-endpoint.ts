import type { EndpointDef, EndpointInput, EndpointOutput } from '#contract/endpoint.ts';
import type { CallOptions, CallResult, TestServer } from './server-harness.ts';

/** Where a test sends a call: the test server, or the server with a signed-in user's token. */
export type EndpointTarget = Pick<TestServer, 'call'> | { server: Pick<TestServer, 'call'>; token: string };

/** A signed-in user of a test server, for callEndpoint. */
export const asUser = (server: Pick<TestServer, 'call'>, token: string): EndpointTarget => ({
  server,
  token,
});

/**
 * An endpoint's answer: on errcode 0, `datas` is the endpoint's output, checked against its output
 * schema; otherwise `errcode` and `msg` say why, and `datas` is what the server sent (often null).
 */
export interface EndpointAnswer<E extends EndpointDef> extends Omit<CallResult<unknown>, 'datas'> {
  datas: EndpointOutput<E>;
}

/**
 * Calls an endpoint of the contract on the test server (`app.inject`, the same path a client takes):
 * the path and the token's placement come from the definition, the input is typed by its input
 * schema, and a successful answer must match its output schema, so a handler that drifts from the
 * contract fails the test that calls it (the PWA trusts that schema and does not check it).
 * A test that sends what the input schema refuses, on purpose, calls `server.call(endpoint.path, …)`.
 */
export async function callEndpoint<E extends EndpointDef>(
  target: EndpointTarget,
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointAnswer<E>> {
  const { server, token } = 'server' in target ? target : { server: target, token: options.token };
  const opts: CallOptions = { ...options, ...(token !== undefined ? { token } : {}) };
  if (endpoint.tokenInQuery && token !== undefined && opts.query === undefined) opts.query = { token };
  const answer = await server.call<unknown>(endpoint.path, input, opts);
  if (answer.errcode === 0) {
    const checked = endpoint.output.safeParse(answer.datas);
    if (!checked.success)
      throw new Error(`${endpoint.path} answered datas its output schema refuses: ${checked.error.message}`);
  }
  // The datas as sent (validated above, not stripped), so a test still sees every field on the wire.
  return answer as EndpointAnswer<E>;
}

/** The endpoint's datas, or an error naming the errcode and msg when the server refused the call. */
export async function endpointDatas<E extends EndpointDef>(
  target: EndpointTarget,
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const answer = await callEndpoint(target, endpoint, input, options);
  if (answer.errcode !== 0) throw new Error(`${endpoint.path} refused: ${answer.errcode} ${answer.msg}`);
  return answer.datas;
}
