import type { ModuleDeps } from '#server/module-deps.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { disconnectSessions, type RealtimeServer } from '#server/http/realtime.ts';
import { realtimeHandlers } from '#server/modules/realtime/handlers.ts';
import { WsCodeService } from '#server/modules/realtime/ws-code-service.ts';
import { authHandlers } from './handlers.ts';
import { LoginService } from './login-service.ts';
import { PuzzleService } from './puzzle-service.ts';
import { AuthRepository } from './repository.ts';
import { SessionService } from './session-service.ts';

/**
 * Builds sign-in: the puzzle, sessions, login and the socket codes (server/app.ts). It comes before
 * the socket server, which is attached with wsCodes, so it takes neither app nor io.
 */
export function buildAuth(deps: Omit<ModuleDeps, 'app' | 'io'> & { puzzlesPerMinute: number }) {
  const { db, clock, config, limiter } = deps;
  const repo = new AuthRepository(db);
  const puzzles = new PuzzleService(repo, clock, config.testPuzzleX);
  const sessions = new SessionService(repo, clock, config.sessionTtlMs);
  const login = new LoginService({
    repo,
    puzzles,
    sessions,
    limiter,
    clock,
    puzzlesPerMinute: deps.puzzlesPerMinute,
  });
  const wsCodes = new WsCodeService(repo, clock);
  return {
    repo,
    sessions,
    wsCodes,
    /** The socket server is attached with wsCodes, so the handlers that end sockets take it after. */
    handlers: (io: RealtimeServer): HandlerMap => ({
      ...authHandlers({
        login,
        puzzles,
        sessions,
        sessionClosed: async (sessionHash) => {
          await repo.deleteWsCodesOfSession(sessionHash);
          disconnectSessions(io, { sessionHash });
        },
      }),
      ...realtimeHandlers({ wsCodes }),
    }),
  };
}
