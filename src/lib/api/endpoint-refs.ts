import type { endpoints } from '#contract/endpoints.ts';

type Endpoints = typeof endpoints;

/**
 * A path-only stand-in for `endpoints[name]`, typed as the full definition. callApi reads only the
 * path and tokenInQuery at run time; the full contract carries every zod schema of the product (zod
 * and all of them, ~45 kB after gzip), which the sign-in route must not load (decision 0025, first
 * load budget). endpoint-refs.test.ts checks each stand-in against the contract.
 */
function endpointRef<K extends keyof Endpoints>(name: K, path: Endpoints[K]['path'], tokenInQuery?: true) {
  return (tokenInQuery ? { name, path, tokenInQuery } : { name, path }) as unknown as Endpoints[K];
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
