import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { chatContactsInput } from '#contract/schemas/template-kit.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser, SessionService } from '#server/modules/auth/session-service.ts';
import type { KitServices } from './handlers.ts';

/** The demo mock API's paths (spec section 7), under the API's prefix. */
export const DEMO_API_PREFIX = '/api/demo';

/**
 * The template's demo mock API (spec section 7): GET /contacts (optional ?search), /conversations,
 * /todos and /surveys, each answering `{ status, data }`. It is not a mock here: it answers the
 * caller's shop data from the same services as the POST endpoints. A GET carries the session token
 * in the `token` header like every call (never in the URL, where logs and history keep it);
 * decision 0023. Failures answer `{ status: false, data: null, errcode, msg }`.
 */
export function registerDemoApi(app: FastifyInstance, sessions: SessionService, s: KitServices): void {
  const route = (path: string, load: (user: AuthUser, request: FastifyRequest) => Promise<unknown>) =>
    app.get(`${DEMO_API_PREFIX}${path}`, async (request, reply: FastifyReply) => {
      try {
        const token = request.headers.token;
        const user = await sessions.require(typeof token === 'string' && token ? token : undefined);
        return { status: true, data: await load(user, request) };
      } catch (err) {
        const known = err instanceof AppError;
        if (!known) request.log.error({ err }, 'demo api');
        const errcode = known ? err.errcode : ErrCode.INTERNAL;
        const code = errcode === ErrCode.SESSION_EXPIRED ? 401 : known ? 400 : 500;
        return reply
          .code(code)
          .send({ status: false, data: null, errcode, msg: known ? err.message : defaultMsg[errcode] });
      }
    });

  route('/contacts', (user, request) => {
    const parsed = chatContactsInput.safeParse(request.query ?? {});
    if (!parsed.success) throw new AppError(ErrCode.INVALID_INPUT);
    return s.chat.contacts(user, parsed.data.search);
  });
  route('/conversations', (user) => s.chat.conversations(user));
  route('/todos', (user) => s.todos.list(user));
  route('/surveys', (user) => s.surveys.list(user));
}
