import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { ModuleDeps } from '#server/module-deps.ts';
import { CheckRunner, type RunnerOptions } from '#server/jobs/check-runner.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { accountRoom } from '#server/http/realtime.ts';
import type { CheckProvider } from '#server/providers/checks/provider.ts';
import { ImageCleaner } from '#server/modules/ocr/image-cleaner.ts';
import { OcrPool } from '#server/modules/ocr/ocr-pool.ts';
import { OcrService } from '#server/modules/ocr/ocr-service.ts';
import { TesseractCli } from '#server/modules/ocr/tesseract.ts';
import { connectionState, refuseWhenMissing } from '#server/modules/connections/connections.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { checksHandlers } from './handlers.ts';
import { OrderService, type OrderNotifier } from './order-service.ts';
import { ProgressReporter } from './progress.ts';
import { ResultsService } from './results-service.ts';

/**
 * Builds device checks: orders, results, their progress events, the job runner (with a check
 * provider only) and the photo text recognition that reads SN/IMEI (server/app.ts).
 */
export function buildChecks(
  deps: ModuleDeps & {
    /** The handle that does not fence, for the job runner: it writes outside requests (server/app.ts). */
    unfencedDb: Kysely<Database>;
    dialect: MigrationDialect;
    checkProvider?: CheckProvider;
    runner?: Partial<RunnerOptions>;
    progressThrottleMs?: number;
  },
) {
  const { app, io, db, clock, config } = deps;
  const progress = new ProgressReporter({
    db,
    throttleMs: deps.progressThrottleMs,
    sink: {
      progress: (accountId, payload) => void io.to(accountRoom(accountId)).emit('checks:progress', payload),
      ordersChanged: (accountId, orderId) =>
        void io.to(accountRoom(accountId)).emit('checks:orders', { order_id: orderId }),
    },
  });
  const runner = deps.checkProvider
    ? new CheckRunner({
        db: deps.unfencedDb,
        dialect: deps.dialect,
        provider: deps.checkProvider,
        clock,
        onProgress: (orders) => progress.touched(orders),
        onError: (err) => app.log.error({ err }, 'check job runner'),
        options: { ...config.jobRunner, ...deps.runner },
      })
    : null;
  const notify: OrderNotifier = {
    ordersChanged: (accountId, orderId) =>
      void io.to(accountRoom(accountId)).emit('checks:orders', { order_id: orderId }),
    jobsAdded: () => runner?.wake(),
  };
  const orders = new OrderService({ db, clock, notify });
  const results = new ResultsService({ db, clock });
  const cleaner = new ImageCleaner();
  // Each run under a memory cap and a time limit (decision 0022, issue 25).
  const { binary, memoryMb, timeoutMs } = config.ocr;
  const engine = { binary, ...(memoryMb ? { memoryMb } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
  const ocr = new OcrService({
    pool: new OcrPool(new TesseractCli(engine), config.ocr),
    sparse: new TesseractCli({ ...engine, psm: 11 }),
    cleaner,
    limiter: deps.limiter,
    onEngineError: (err) => app.log.error({ err }, 'text recognition'),
  });
  // Production without a real provider (server/app.ts never hands a sandbox in there): every call
  // that would run a check job is refused before it prices, freezes or writes anything. Package
  // checks are drawn inside order_create, and the ID-lock / network-lock monitors start from a
  // check order's job, so these three are every path.
  const state = connectionState(config.production, deps.checkProvider);
  const handlers: HandlerMap = refuseWhenMissing(
    state,
    ErrCode.CHECKS_NOT_CONFIGURED,
    {
      ...checksHandlers({ db, clock, orders, results, notify }),
      identifySnImei: ({ user, input }) => ocr.identify(user, input.image),
    },
    ['orderCreate', 'orderAddDevices', 'orderDerive'],
  );
  // The app's onClose hook stops the runner, progress and cleaner, in its order with the others.
  return { handlers, runner, progress, cleaner, state };
}
