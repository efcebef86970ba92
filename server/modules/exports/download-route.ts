import type { FastifyInstance } from 'fastify';
import { EXPORT_DOWNLOAD_PATH } from '#contract/schemas/checks-export.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import type { ExportService } from './export-service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET of a signed download link. The session's `token` header is required as on every call, so a
 * link copied to another account's browser is refused (3153); errors answer the usual envelope.
 */
export function registerDownloadRoute(
  app: FastifyInstance,
  deps: { exports: ExportService; sessions: SessionService },
): void {
  app.get(EXPORT_DOWNLOAD_PATH, async (request, reply) => {
    const header = request.headers.token;
    const user = await deps.sessions.require(typeof header === 'string' && header ? header : undefined);
    const file = await deps.exports.open(user, request.query as Record<string, unknown>);
    const ascii = file.fileName.replace(/[^\x20-\x7E]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-length', file.size)
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      )
      .send(file.stream);
  });
}
