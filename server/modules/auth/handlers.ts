import type { HandlerMap } from '#server/plugins/endpoints.ts';
import type { LoginService } from './login-service.ts';
import type { PuzzleService } from './puzzle-service.ts';
import type { SessionService } from './session-service.ts';
import { toUserDatas } from './user-datas.ts';

export function authHandlers(deps: {
  login: LoginService;
  puzzles: PuzzleService;
  sessions: SessionService;
}): HandlerMap {
  return {
    tncode: () => deps.puzzles.create(),
    login: ({ input, request }) => deps.login.login(input, request.ip),
    quit: async ({ input, token }) => {
      const t = token ?? input.token;
      if (t) await deps.sessions.close(t);
      return null;
    },
    getUser: async ({ user }) => toUserDatas(user),
  };
}
