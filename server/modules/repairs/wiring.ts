import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '#server/config.ts';
import type { Database } from '#server/db/schema.ts';
import type { MigrationDialect } from '#server/db/migrations/columns.ts';
import type { Clock } from '#server/lib/clock.ts';
import { MonitorScheduler, type MonitorSchedulerOptions } from '#server/jobs/monitor-scheduler.ts';
import { RepairRunner } from '#server/jobs/repair-runner.ts';
import type { RunnerOptions } from '#server/jobs/check-runner.ts';
import { accountRoom, emitDataChanged, type RealtimeServer } from '#server/http/realtime.ts';
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
import { IntakeService } from './intake-service.ts';
import { MonitorService } from './monitor-service.ts';
import { NotificationService } from './notification-service.ts';
import { RefreshService } from './refresh-service.ts';
import type { RepairNotifier } from './repair-notifier.ts';
import { RepairSettingsService } from './settings-service.ts';
import { registerStatusPage } from './status-page.ts';
import { registerSandboxAdvance } from './sandbox-advance-route.ts';
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

/** Builds repair progress management: services, the refresh runner, the monitor scheduler, pages. */
export function buildRepairs(deps: {
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
}): RepairsModule {
  const { app, io, db, clock, config } = deps;
  let runner: RepairRunner | null = null;
  const notify: RepairNotifier = {
    devicesChanged: (accountId, deviceIds, batchIds) => {
      io.to(accountRoom(accountId)).emit('repairs:changed', { device_ids: deviceIds, batch_ids: batchIds });
      emitDataChanged(io, accountId, ['repairs']);
    },
    refreshProgress: (accountId, p) =>
      void io.to(accountRoom(accountId)).emit('repairs:refresh', {
        ...p,
        progress: p.total === 0 ? 100 : Math.floor(((p.done + p.failed) * 100) / p.total),
      }),
    notice: (n) => {
      const { account_id: accountId, ...payload } = n;
      io.to(accountRoom(accountId)).emit('notice:new', payload);
    },
    jobsAdded: () => runner?.wake(),
  };
  const devices = new DeviceRepository(db);
  const settings = new RepairSettingsService({ db, clock });
  const repairConfig = config.repairs;
  runner = new RepairRunner({
    db,
    dialect: deps.dialect,
    provider: deps.provider ?? NO_REPAIR_PROVIDER,
    clock,
    onError: (err) => app.log.error({ err }, 'repair job runner'),
    onEnded: (result) => {
      void (async () => {
        const byAccount = new Map<number, { devices: number[]; batches: Set<number> }>();
        for (const c of result.changed) {
          let e = byAccount.get(c.account_id);
          if (!e) byAccount.set(c.account_id, (e = { devices: [], batches: new Set() }));
          e.devices.push(c.device_id);
          e.batches.add(c.batch_id);
        }
        for (const [accountId, e] of byAccount) notify.devicesChanged(accountId, e.devices, [...e.batches]);
        for (const n of result.notices) notify.notice(n);
        if (result.refreshes.size === 0) return;
        const rows = await db
          .selectFrom('repair_refreshes')
          .select(['id', 'account_id', 'total', 'done', 'failed'])
          .where('id', 'in', [...result.refreshes.keys()])
          .execute();
        for (const r of rows)
          notify.refreshProgress(r.account_id, {
            refresh_id: r.id,
            total: Number(r.total),
            done: Number(r.done),
            failed: Number(r.failed),
          });
        // Devices whose job ended without a status change still changed (refresh state).
        for (const [accountId] of new Map([...result.refreshes].map(([, a]) => [a, true])))
          emitDataChanged(io, accountId, ['repairs']);
      })().catch((err: unknown) => app.log.error({ err }, 'repair refresh events'));
    },
    options: { ...config.jobRunner, ...deps.runner },
  });
  const monitors = new MonitorService({
    db,
    clock,
    notify,
    devices,
    intervalMs: repairConfig?.monitorIntervalMs ?? 60 * 60_000,
  });
  const scheduler = new MonitorScheduler({
    db,
    clock,
    repairs: deps.provider,
    checks: deps.checkProvider,
    notify,
    onError: (err) => app.log.error({ err }, 'monitor scheduler'),
    options: {
      ...(repairConfig
        ? { intervalMs: repairConfig.monitorIntervalMs, tickMs: repairConfig.monitorTickMs }
        : {}),
      ...deps.monitor,
    },
  });
  const links = new CustomerLinkService(db, clock);
  registerStatusPage(app, links, deps.limiter);
  const provider = deps.provider;
  if (!config.production && provider instanceof SandboxRepairProvider && deps.sessions)
    registerSandboxAdvance(app, provider, deps.sessions);
  app.addHook('onClose', async () => {
    await runner?.stop();
    await scheduler.stop();
  });
  // Production without a real provider: a paid refresh and a monitor watch are refused before they
  // read or write anything (intake asks no provider, so it stays open).
  const state = connectionState(config.production, deps.provider);
  const intake = new IntakeService({ db, clock, notify });
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
      monitors,
      notices: new NotificationService(db),
      links,
      history: new HistoryService(db, devices),
    }),
    ['repairRefresh', 'monitorWatch'],
  );
  return { handlers, settings, devices, runner, scheduler, provider, state, intake };
}
