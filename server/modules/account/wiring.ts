import type { ModuleDeps } from '#server/module-deps.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { disconnectSessions, emitDataChanged, userRoom } from '#server/http/realtime.ts';
import type { AuthRepository } from '#server/modules/auth/repository.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import { teamHandlers } from '#server/modules/team/handlers.ts';
import { TeamService, type TeamNotifier } from '#server/modules/team/team-service.ts';
import { wechatHandlers } from '#server/modules/wechat/handlers.ts';
import { WechatRepository } from '#server/modules/wechat/repository.ts';
import { registerWechatRoutes } from '#server/modules/wechat/routes.ts';
import { WechatService } from '#server/modules/wechat/wechat-service.ts';
import { selectSms, type SmsSetup } from '#server/providers/sms/index.ts';
import { SmsOutboxRepository } from '#server/providers/sms/outbox-repository.ts';
import { registerSandboxSmsPage } from '#server/providers/sms/sandbox-page.ts';
import { selectWechatProvider } from '#server/providers/wechat/index.ts';
import { AccountService } from './account-service.ts';
import { accountHandlers } from './handlers.ts';
import { AccountRepository } from './repository.ts';
import { SignupService } from './signup-service.ts';
import { SmsCodeService } from './sms-code-service.ts';

/**
 * Builds the users' side of an account: the team, SMS codes, account settings, sign-up and WeChat
 * sign-in, with the sandbox SMS inbox and the WeChat routes (server/app.ts).
 */
export async function buildAccounts(
  deps: ModuleDeps & {
    auth: AuthRepository;
    sessions: SessionService;
    /** Default: the provider config.sms asks for (the sandbox outside production, none in production without one). */
    sms?: SmsSetup | null;
  },
): Promise<{ handlers: HandlerMap; sms: SmsSetup | null }> {
  const { app, io, db, clock, config, limiter, auth, sessions } = deps;
  const notify: TeamNotifier = {
    // Tell the user's devices why, then end their sockets: their codes died with the sessions.
    sessionEnded: (userId, reason) => {
      io.to(userRoom(userId)).emit('session:ended', { reason });
      disconnectSessions(io, { userId });
    },
    userChanged: (userId) => void io.to(userRoom(userId)).emit('user:changed', { user_id: userId }),
    dataChanged: (accountId, topics) => emitDataChanged(io, accountId, topics),
  };
  const team = new TeamService({ db, clock, notify });
  const outbox = new SmsOutboxRepository(db);
  const sms = deps.sms !== undefined ? deps.sms : selectSms(config, { outbox, clock, log: app.log });
  const smsCodes = new SmsCodeService({ repo: new AccountRepository(db), sms, limiter, clock, log: app.log });
  const account = new AccountService({
    db,
    sessions,
    sms: smsCodes,
    clock,
    limiter,
    otherSessionsEnded: (userId, keptSessionHash) =>
      disconnectSessions(io, { userId, exceptSessionHash: keptSessionHash }),
  });
  const signup = new SignupService({
    db,
    auth,
    sessions,
    sms: smsCodes,
    limiter,
    clock,
    notify,
  });
  if (!config.production) registerSandboxSmsPage(app, outbox);

  const wechat = new WechatService({
    repo: new WechatRepository(db),
    auth,
    sessions,
    limiter,
    clock,
    provider: selectWechatProvider(config),
  });
  await registerWechatRoutes(app, { wechat, production: config.production });
  return {
    // The provider chosen here also sends the counter's messages to customers (server/app.ts).
    sms,
    handlers: {
      ...teamHandlers({ team }),
      ...accountHandlers({ account, signup }),
      ...wechatHandlers({ wechat, sessions }),
    },
  };
}
