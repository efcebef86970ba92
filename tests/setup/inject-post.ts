import type { App } from '#server/app.ts';
import { asUser, type EndpointTarget } from './call-endpoint.ts';
import { injectCall } from './inject-call.ts';

/** POST `body` to `path` through app.inject as the session `token`; answers the envelope. */
export async function injectPost<D>(app: App, token: string, path: string, body: unknown) {
  const res = await app.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', token },
    payload: JSON.stringify(body),
  });
  return JSON.parse(res.body) as { errcode: number; msg: string; datas: D };
}

/** A signed-in user of an app a test built itself (not the test server), for callEndpoint. */
export const asAppUser = (app: App, token: string): EndpointTarget =>
  asUser({ call: injectCall(app.app) }, token);
