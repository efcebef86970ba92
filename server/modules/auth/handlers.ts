import { hashToken } from '#server/lib/secrets.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import type { LoginService } from './login-service.ts';
import type { PuzzleService } from './puzzle-service.ts';
import type { SessionService } from './session-service.ts';
import { toUserDatas } from './user-datas.ts';

export function authHandlers(deps: {
  login: LoginService;
  puzzles: PuzzleService;
  sessions: SessionService;
  /** A session was closed (quit): end its ws codes and sockets. */
  sessionClosed?: (sessionHash: string) => Promise<void>;
}): HandlerMap {
  return {
    tncode: ({ request }) => deps.login.puzzle(request.ip),
    login: ({ input, request }) => deps.login.login(input, request.ip),
    quit: async ({ input, token }) => {
      const t = token ?? input.token;
      if (t) {
        await deps.sessions.close(t);
        await deps.sessionClosed?.(hashToken(t));
      }
      return null;
    },
    getUser: async ({ user }) => toUserDatas(user),
  };
}
