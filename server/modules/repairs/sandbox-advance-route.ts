import type { FastifyInstance } from 'fastify';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import type { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';

const HOUR = 3_600_000;

/**
 * Development and e2e only (never registered in production): POST /sandbox/repair/advance with
 * `{"hours": N}` moves the sandbox's simulated repairs on for the caller's shop. A session is
 * required (the `token` header) and only that shop's clock moves (issue 25: it moved every shop's,
 * for anyone). Answers `{ ok, advance_hours }`, the shop's total; `hours` 0 only reads it.
 */
export function registerSandboxAdvance(
  app: FastifyInstance,
  provider: SandboxRepairProvider,
  sessions: SessionService,
): void {
  app.post<{ Body: { hours?: unknown } }>('/sandbox/repair/advance', async (request, reply) => {
    const token = request.headers.token;
    let accountId: number;
    try {
      accountId = (await sessions.require(typeof token === 'string' ? token : undefined)).account_id;
    } catch {
      return reply
        .code(401)
        .send({ errcode: ErrCode.SESSION_EXPIRED, msg: defaultMsg[ErrCode.SESSION_EXPIRED], datas: null });
    }
    const hours = Number(request.body?.hours);
    if (!Number.isFinite(hours) || hours < 0 || hours > 24 * 365)
      return { ok: false, advance_hours: provider.advanceOf(accountId) / HOUR };
    return { ok: true, advance_hours: provider.advance(accountId, hours * HOUR) / HOUR };
  });
}
