import type { ModuleDeps } from '#server/module-deps.ts';
import {
  EXPORT_RUNNER_DEFAULTS,
  ExportRunner,
  type ExportRunnerOptions,
} from '#server/jobs/export-runner.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { accountRoom } from '#server/http/realtime.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';
import { ResultColumnsService } from '#server/modules/checks/result-columns.ts';
import { registerDownloadRoute } from './download-route.ts';
import { ExportService } from './export-service.ts';
import { exportHandlers } from './handlers.ts';
import { LinkSigner } from './link-signer.ts';

/** Builds the Excel exports: the service, its runner and the signed download route (server/app.ts). */
export function buildExports(
  deps: ModuleDeps & {
    sessions: SessionService;
    /** Runner settings over config.exports and the defaults. */
    options?: Partial<ExportRunnerOptions>;
  },
): { handlers: HandlerMap; runner: ExportRunner } {
  const { app, io, db, clock, config } = deps;
  const options: ExportRunnerOptions = {
    ...EXPORT_RUNNER_DEFAULTS,
    dir: config.exports.dir,
    retentionMs: config.exports.retentionMs,
    ...deps.options,
  };
  const runner = new ExportRunner({
    db,
    clock,
    options,
    onProgress: (accountId, row) => void io.to(accountRoom(accountId)).emit('exports:progress', row),
    onError: (err) => app.log.error({ err }, 'export runner'),
  });
  const resultColumns = new ResultColumnsService({ db, clock });
  const exports = new ExportService({
    db,
    clock,
    signer: new LinkSigner(db, config.exports.linkSecret),
    dir: options.dir,
    // An export without explicit columns writes the user's saved export set (issue 12).
    savedColumns: async (user) => (await resultColumns.get(user)).export,
    changed: (accountId, row) => {
      if (row?.state === 'pending') runner.wake();
      if (row) io.to(accountRoom(accountId)).emit('exports:progress', row);
    },
  });
  registerDownloadRoute(app, { exports, sessions: deps.sessions });
  return { handlers: exportHandlers({ exports }), runner };
}
