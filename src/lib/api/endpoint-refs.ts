import type { EndpointRef } from '#contract/endpoint.ts';
import type { Endpoints } from '#contract/endpoints.ts';

/**
 * The few endpoints the sign-in route and the outbox call, by path, as in
 * contract/endpoint-paths.generated.ts: that file names every endpoint (~110 paths), and the sign-in
 * route's first load has no room for the ones it does not call (decision 0025, first load budget).
 * endpoint-refs.test.ts checks each one against the contract.
 */
function endpointRef<K extends keyof Endpoints>(
  name: K,
  path: Endpoints[K]['path'],
  tokenInQuery?: true,
): EndpointRef<Endpoints[K]> & { name: K } {
  return tokenInQuery ? { name, path, tokenInQuery } : { name, path };
}

/** The outbox's batch (it runs in the first-load bundle: the outbox starts with the app). */
export const outboxEndpoints = {
  outboxReplay: endpointRef('outboxReplay', '/api/outbox/replay'),
};

/** The calls of the sign-in, sign-up and password pages and of the session (no zod behind them). */
export const authEndpoints = {
  tncode: endpointRef('tncode', '/api/login/tncode'),
  login: endpointRef('login', '/api/login/login'),
  quit: endpointRef('quit', '/api/login/quit'),
  getUser: endpointRef('getUser', '/api/user/get_user', true),
  qrcode: endpointRef('qrcode', '/api/login/qrcode'),
  wxok: endpointRef('wxok', '/api/login/wxok'),
  sendSms: endpointRef('sendSms', '/api/user/sendsms'),
  register: endpointRef('register', '/api/login/register'),
  resetPassword: endpointRef('resetPassword', '/api/login/reset_password'),
};
