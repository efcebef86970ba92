import type { HandlerMap } from '#server/http/endpoints.ts';
import type { WsCodeService } from './ws-code-service.ts';

export function realtimeHandlers(deps: { wsCodes: WsCodeService }): HandlerMap {
  return {
    getWsAuthCode: ({ user, token }) => deps.wsCodes.issue(user.user_id, token ?? ''),
  };
}
