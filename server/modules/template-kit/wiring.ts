import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import { emitDataChanged, userRoom, type RealtimeServer } from '#server/http/realtime.ts';
import { ChatService } from './chat-service.ts';
import { registerDemoApi } from './demo-api.ts';
import { templateKitHandlers, type KitServices } from './handlers.ts';
import { KitSettingsService } from './settings-service.ts';
import { SurveyService } from './survey-service.ts';
import { TodoService, type KitNotifier } from './todo-service.ts';

/** Builds the template kit's services on the app's db, clock and socket server (server/app.ts). */
export function buildTemplateKit(deps: { db: Kysely<Database>; clock: Clock; io: RealtimeServer }) {
  const notify: KitNotifier = {
    dataChanged: (accountId, topics) => emitDataChanged(deps.io, accountId, topics),
  };
  const services: KitServices = {
    todos: new TodoService({ db: deps.db, clock: deps.clock, notify }),
    surveys: new SurveyService({ db: deps.db, clock: deps.clock, notify }),
    settings: new KitSettingsService({ db: deps.db, clock: deps.clock, notify }),
    chat: new ChatService({
      db: deps.db,
      clock: deps.clock,
      notify: {
        message: (m) =>
          void deps.io.to([userRoom(m.from_user_id), userRoom(m.to_user_id)]).emit('chat:message', m),
      },
    }),
  };
  return {
    services,
    handlers: templateKitHandlers(services),
    registerDemoApi: (app: FastifyInstance, sessions: SessionService) =>
      registerDemoApi(app, sessions, services),
  };
}
