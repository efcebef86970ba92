import type { HandlerMap } from '#server/http/endpoints.ts';
import type { ExportService } from './export-service.ts';

/** Excel exports (every signed-in employee; each sees the exports of the shop's account). */
export function exportHandlers(deps: { exports: ExportService }): HandlerMap {
  const { exports } = deps;
  return {
    exportCreate: ({ user, input }) => exports.create(user, input),
    exportList: ({ user }) => exports.list(user),
    exportLink: ({ user, input }) => exports.link(user, input.export_id),
    exportRetry: ({ user, input }) => exports.retry(user, input.export_id),
    exportDelete: ({ user, input }) => exports.remove(user, input.export_id),
  };
}
