import type { FastifyRequest } from 'fastify';
import type { HandlerMap } from '#server/http/endpoints.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import type { WechatService } from './wechat-service.ts';

/** This server's origin as the browser sees it: the sandbox scan page is served from it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function wechatHandlers(deps: { wechat: WechatService; sessions: SessionService }): HandlerMap {
  return {
    qrcode: async ({ input, token, request }) => {
      // Binding needs the signed-in user; login is public.
      const owner = input.purpose === 'bind' ? await deps.sessions.require(token) : null;
      return deps.wechat.createScene(input.purpose, owner, requestOrigin(request), request.ip);
    },
    wxok: ({ input, token, request }) => deps.wechat.poll(input, token, request.ip),
    unbindWx: ({ input, user }) => deps.wechat.unbind(user, input.user_id),
  };
}
