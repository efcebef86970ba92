import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '#server/config.ts';
import type { Database } from '#server/db/schema.ts';
import type { ShippedBackHook } from './apply-status.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Clock } from '#server/lib/clock.ts';
import { MonitorScheduler, type MonitorSchedulerOptions } from '#server/jobs/monitor-scheduler.ts';
import { RepairRunner } from '#server/jobs/repair-runner.ts';
import type { RunnerOptions } from '#server/jobs/check-runner.ts';
import type { RealtimeServer } from '#server/http/realtime.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import type { CheckProvider } from '#server/providers/checks/provider.ts';
import { RepairTransportError, type RepairStatusProvider } from '#server/providers/repairs/provider.ts';
import type { ConnectionState } from '#contract/schemas/connections.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { connectionState, refuseWhenMissing } from '#server/modules/connections/connections.ts';
import { SandboxRepairProvider } from '#server/providers/repairs/sandbox.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { BatchService } from './batch-service.ts';
import { CustomerLinkService } from './customer-link.ts';
import { DeviceReadService } from './device-read-service.ts';
import { DeviceRepository } from './device-repository.ts';
import { DeviceWriteService } from './device-write-service.ts';
import { repairsHandlers } from './handlers.ts';
import { HistoryService } from './history-service.ts';
import { IntakeService, type IntakeCustomers } from './intake-service.ts';
import { MonitorService } from './monitor-service.ts';
import { NotificationService } from './notification-service.ts';
import { RefreshService } from './refresh-service.ts';
import type { RepairNotifier } from './repair-notifier.ts';
import { RepairSettingsService } from './settings-service.ts';
import { registerStatusPage } from './status-page.ts';
import { registerSandboxAdvance } from './sandbox-advance-route.ts';
import { socketNotifier, tellRefreshesEnded } from './socket-notifier.ts';
import type { SessionService } from '#server/modules/auth/session-service.ts';

export interface RepairsModule {
  handlers: HandlerMap;
  /** Settings and "today" (the dashboards count with them). */
  settings: RepairSettingsService;
  /** The device reads (the dashboards count with them). */
  devices: DeviceRepository;
  runner: RepairRunner;
  scheduler: MonitorScheduler;
  /** Null in production without a real provider (repair refreshes and watches are refused). */
  provider: RepairStatusProvider | null;
  state: ConnectionState;
  /** Intake, which the counter hands its devices sent to Apple to (decision 0047). */
  intake: IntakeService;
}

/**
 * The refresh runner's provider when none is configured (production): refresh_create is refused
 * then, so it only meets jobs queued before (a database that ran with another configuration).
 * They fail as unreachable, are retried and end failed and refunded; no sandbox is asked.
 */
const NO_REPAIR_PROVIDER: RepairStatusProvider = {
  name: 'none',
  sandbox: false,
  submit: () => Promise.reject(new RepairTransportError('no repair-status provider is configured')),
  poll: () => Promise.reject(new RepairTransportError('no repair-status provider is configured')),
};

/** What buildRepairs needs: app.ts's module deps, the providers, and the tests' runner settings. */
export interface RepairsDeps {
  app: FastifyInstance;
  io: RealtimeServer;
  db: Kysely<Database>;
  dialect: MigrationDialect;
  clock: Clock;
  config: ServerConfig;
  limiter: RateLimiter;
  /** The repair-status source; null: none (production without a real provider). */
  provider: RepairStatusProvider | null;
  checkProvider: CheckProvider | null;
  runner?: Partial<RunnerOptions>;
  monitor?: Partial<MonitorSchedulerOptions>;
  /** Signs in the development route /sandbox/repair/advance (absent: the route is not there). */
  sessions?: SessionService;
  /** The counter's customers, for an intake that names one (decision 0047). */
  customers?: IntakeCustomers;
  /** Devices back from Apple, told inside the transaction recording it (server/app.ts: the counter's messages). */
  shippedBack?: ShippedBackHook;
}

/** Builds repair progress management: services, the refresh runner, the monitor scheduler, pages. */
export function buildRepairs(deps: RepairsDeps): RepairsModule {
  const { app, db, clock, config } = deps;
  let runner: RepairRunner | null = null;
  const notify = socketNotifier(deps.io, () => runner?.wake());
  runner = refreshRunner(deps, notify);
  const scheduler = monitorScheduler(deps, notify);
  const devices = new DeviceRepository(db);
  const settings = new RepairSettingsService({ db, clock });
  const links = new CustomerLinkService(db, clock);
  registerPages(deps, links);
  app.addHook('onClose', async () => {
    await runner?.stop();
    await scheduler.stop();
  });
  // Production without a real provider: a paid refresh and a monitor watch are refused before they
  // read or write anything (intake asks no provider, so it stays open).
  const state = connectionState(config.production, deps.provider);
  const intake = new IntakeService({ db, clock, notify, customers: deps.customers });
  const handlers = refuseWhenMissing(
    state,
    ErrCode.REPAIRS_NOT_CONFIGURED,
    repairsHandlers({
      settings,
      batches: new BatchService({ db, clock, notify, settings, devices }),
      deviceReads: new DeviceReadService({ clock, settings, devices }),
      deviceWrites: new DeviceWriteService({ db, clock, notify, devices }),
      intake,
      refresh: new RefreshService({ db, clock, notify, devices }),
      monitors: new MonitorService({
        db,
        clock,
        notify,
        devices,
        intervalMs: config.repairs?.monitorIntervalMs ?? 60 * 60_000,
      }),
      notices: new NotificationService(db),
      links,
      history: new HistoryService(db, devices),
    }),
    ['repairRefresh', 'monitorWatch'],
  );
  return { handlers, settings, devices, runner, scheduler, provider: deps.provider, state, intake };
}

/** The durable runner of repair status refreshes (decision 0015); it tells sessions what a batch moved. */
function refreshRunner(deps: RepairsDeps, notify: RepairNotifier): RepairRunner {
  const { app, io, db, dialect } = deps;
  return new RepairRunner({
    db,
    dialect,
    provider: deps.provider ?? NO_REPAIR_PROVIDER,
    clock: deps.clock,
    onError: (err) => app.log.error({ err }, 'repair job runner'),
    onEnded: (result) =>
      void tellRefreshesEnded({ db, dialect, io, notify }, result).catch((err: unknown) =>
        app.log.error({ err }, 'repair refresh events'),
      ),
    options: { ...deps.config.jobRunner, ...deps.runner },
    ...(deps.shippedBack ? { shippedBack: deps.shippedBack } : {}),
  });
}

/** The monitors' scheduler (decision 0014), at config.repairs' interval and tick unless tests say otherwise. */
function monitorScheduler(deps: RepairsDeps, notify: RepairNotifier): MonitorScheduler {
  const repairConfig = deps.config.repairs;
  return new MonitorScheduler({
    db: deps.db,
    clock: deps.clock,
    repairs: deps.provider,
    checks: deps.checkProvider,
    notify,
    onError: (err) => deps.app.log.error({ err }, 'monitor scheduler'),
    options: {
      ...(repairConfig
        ? { intervalMs: repairConfig.monitorIntervalMs, tickMs: repairConfig.monitorTickMs }
        : {}),
      ...deps.monitor,
    },
  });
}

/** The customer's status page, and outside production the sandbox's advance route. */
function registerPages(deps: RepairsDeps, links: CustomerLinkService): void {
  registerStatusPage(deps.app, links, deps.limiter);
  const provider = deps.provider;
  if (!deps.config.production && provider instanceof SandboxRepairProvider && deps.sessions)
    registerSandboxAdvance(deps.app, provider, deps.sessions);
}
