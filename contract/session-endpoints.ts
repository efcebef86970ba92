import { defineEndpoint } from './endpoint.ts';
import { emptyInput, emptyOutput } from './schemas/common.ts';
import {
  loginInput,
  loginOutput,
  quitInput,
  tncodeOutput,
  userDatas,
  wsAuthCodeOutput,
} from './schemas/auth.ts';
import { qrcodeInput, qrcodeOutput, unbindWxInput, wxokInput, wxokOutput } from './schemas/account.ts';

/**
 * Sign-in and the session: the slider puzzle, login and logout, the signed-in user, the real-time
 * socket's code, and WeChat QR login and binding. Spread into endpoints.ts.
 */
export const sessionEndpoints = {
  tncode: defineEndpoint({
    path: '/api/login/tncode',
    access: 'public',
    input: emptyInput,
    output: tncodeOutput,
    summary:
      'A new slider puzzle: background with a gap, the piece and its y. The answer stays on the server.',
  }),
  login: defineEndpoint({
    path: '/api/login/login',
    access: 'public',
    input: loginInput,
    output: loginOutput,
    summary: 'Sign in with username, password and the slider answer; answers the user and a new token.',
  }),
  quit: defineEndpoint({
    path: '/api/login/quit',
    access: 'public',
    input: quitInput,
    output: emptyOutput,
    summary: 'Revoke the session token (header or body). Always succeeds, so logout works with a dead token.',
  }),
  getUser: defineEndpoint({
    path: '/api/user/get_user',
    access: 'user',
    tokenInQuery: true,
    input: emptyInput,
    output: userDatas,
    summary: 'The signed-in user.',
  }),
  getWsAuthCode: defineEndpoint({
    path: '/api/socket_io/get_ws_auth_code',
    access: 'user',
    tokenInQuery: true,
    input: emptyInput,
    output: wsAuthCodeOutput,
    summary: 'A short-lived code that opens the real-time socket as auth_info.',
  }),

  // WeChat QR login and binding
  qrcode: defineEndpoint({
    path: '/api/login/qrcode',
    access: 'public',
    input: qrcodeInput,
    output: qrcodeOutput,
    summary:
      "Start a WeChat QR scene for purpose 'login' (public) or 'bind' (needs the token); answers the scene id (uniqid), the QR content, expiry and poll interval.",
  }),
  wxok: defineEndpoint({
    path: '/api/login/wxok',
    access: 'public',
    input: wxokInput,
    output: wxokOutput,
    summary:
      "Poll a QR scene by uniqid; `purpose` tells login from bind. Answers status pending/scanned/expired, then 'logged_in' with the login datas and token, or (purpose 'bind', token required and the scene's owner) 'bound' with the user datas.",
  }),
  unbindWx: defineEndpoint({
    path: '/api/admin/unbind_wx',
    access: 'user',
    input: unbindWxInput,
    output: emptyOutput,
    summary:
      "Remove a WeChat binding: the caller's own without user_id; an Admin may pass an employee's user_id, an Editor only its own (else FORBIDDEN).",
  }),
};
