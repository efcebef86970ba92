import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { validateBatch, type BatchResult } from '#contract/identifiers/batch.ts';
import { ErrCode } from '#contract/errcodes.ts';
import type { ServiceCode } from '#contract/schemas/checks-catalogue.ts';
import type {
  OrderListDatas,
  OrderRow,
  OrderWriteDatas,
  orderAddDevicesInput,
  orderCreateInput,
  orderListInput,
} from '#contract/schemas/checks-orders.ts';
import { ORDER_RESTORE_WINDOW_S } from '#contract/schemas/checks-orders.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { CatalogueRepository } from './catalogue-repository.ts';
import { newDevice } from './offline-facts.ts';
import { OrderDeviceRepository, type NewDevice } from './order-device-repository.ts';
import { OrderListRepository, type OrderListRow } from './order-list-repository.ts';
import { OrderRepository } from './order-repository.ts';
import { pricePerDevice, resolveOrderServices, type OrderedService } from './service-resolution.ts';
import {
  drawPackageChecks,
  markPackageDevices,
  packageChecksAvailable,
  type PackageDraw,
} from './package-draw.ts';

/** Who hears about orders: sockets of the account, and the job runner (new work). */
export interface OrderNotifier {
  ordersChanged(accountId: number, orderId: number): void;
  jobsAdded(): void;
}

/** Order counters to the contract's row (amounts hundredths; times in seconds). */
export function toOrderRow(r: OrderListRow): OrderRow {
  const done = r.jobs_success + r.jobs_failed;
  const price = Number(r.price);
  const settled = Number(r.settled);
  const refunded = Number(r.refunded);
  return {
    id: r.id,
    title: r.title,
    remark: r.remark,
    services: (JSON.parse(r.services) as OrderedService[]).map((s) => s.code as ServiceCode),
    devices: r.devices,
    jobs_total: r.jobs_total,
    jobs_success: r.jobs_success,
    jobs_failed: r.jobs_failed,
    progress: r.jobs_total === 0 ? 100 : Math.floor((done * 100) / r.jobs_total),
    status: done >= r.jobs_total ? 'done' : 'running',
    price,
    settled,
    refunded,
    frozen: price - settled - refunded,
    created_at: Math.floor(Number(r.created_at) / 1000),
    creator_name: r.creator_real_name || r.creator_username || '',
    deleted_at: r.deleted_at === null ? null : Math.floor(Number(r.deleted_at) / 1000),
    derived_from: r.derived_from,
  };
}

/** Check orders: placing, adding devices, remark, delete, list and detail. */
export class OrderService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly notify: OrderNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; notify: OrderNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.notify = deps.notify;
  }

  /** `derivedFrom`: the order the devices were copied from (order_derive), recorded on the new order. */
  async create(
    user: AuthUser,
    input: z.output<typeof orderCreateInput>,
    derivedFrom: number | null = null,
  ): Promise<OrderWriteDatas> {
    const services = resolveOrderServices(
      await new CatalogueRepository(this.db).services(),
      input.service_ids,
    );
    const { devices, rejected, duplicates, at, covered, price } = await this.quote(
      user.account_id,
      validateBatch(input.identifiers),
      pricePerDevice(services),
    );

    const { orderId, integral } = await this.db.transaction().execute(async (trx) => {
      const orderId = await new OrderRepository(trx).insertOrder({
        accountId: user.account_id,
        title: input.title,
        remark: input.remark,
        services,
        createdBy: user.user_id,
        at,
        derivedFrom,
      });
      const placed = { orderId, devices, services, covered, price, at };
      // The freeze first: refused (3003, the transaction rolled back) before any device is written.
      const { draws, integral } = await chargeOrder(trx, user, placed);
      await writeDevices(trx, user, placed, draws);
      return { orderId, integral };
    });
    this.notify.ordersChanged(user.account_id, orderId);
    this.notify.jobsAdded();
    return { order_id: orderId, added: devices.length, rejected, duplicates, frozen: price, integral };
  }

  async addDevices(user: AuthUser, input: z.output<typeof orderAddDevicesInput>): Promise<OrderWriteDatas> {
    const orders = new OrderRepository(this.db);
    const order = await orders.findOrder(user.account_id, input.order_id);
    if (!order) throw new AppError(ErrCode.ORDER_NOT_FOUND);
    const ordered = JSON.parse(order.services) as OrderedService[];
    // A service put under maintenance since the order was placed cannot take new devices.
    const catalogue = await new CatalogueRepository(this.db).services();
    const down = catalogue.filter((s) => s.maintenance && ordered.some((o) => o.code === s.code));
    if (down.length > 0)
      throw new AppError(
        ErrCode.SERVICE_MAINTENANCE,
        `所选查询服务正在维护，暂时无法下单：${down.map((s) => s.name).join('、')}`,
        { services: down.map((s) => s.code) },
      );

    const { devices, rejected, duplicates, at, covered, price } = await this.quote(
      user.account_id,
      validateBatch(input.identifiers, await new OrderDeviceRepository(this.db).orderIdents(order.id)),
      // Priced at the order's own prices, like the devices placed with it.
      pricePerDevice(ordered),
    );

    const integral = await this.db.transaction().execute(async (trx) => {
      const placed = { orderId: order.id, devices, services: ordered, covered, price, at };
      const { draws, integral } = await chargeOrder(trx, user, placed);
      try {
        await writeDevices(trx, user, placed, draws);
      } catch (err) {
        // Two concurrent additions of the same identifier: the unique (order, ident) index refuses one.
        if (/UNIQUE|unique/.test(String(err)))
          throw new AppError(ErrCode.INVALID_INPUT, '设备已在订单中，请刷新后重试');
        throw err;
      }
      return integral;
    });
    this.notify.ordersChanged(user.account_id, order.id);
    this.notify.jobsAdded();
    return { order_id: order.id, added: devices.length, rejected, duplicates, frozen: price, integral };
  }

  async remark(user: AuthUser, orderId: number, remark: string): Promise<null> {
    if (!(await new OrderRepository(this.db).setRemark(user.account_id, orderId, remark)))
      throw new AppError(ErrCode.ORDER_NOT_FOUND);
    this.notify.ordersChanged(user.account_id, orderId);
    return null;
  }

  async delete(user: AuthUser, orderId: number): Promise<null> {
    const orders = new OrderRepository(this.db);
    // One transaction: the order and the dashboards' rollup change together.
    const deleted = await this.db
      .transaction()
      .execute((trx) => new OrderRepository(trx).softDelete(user.account_id, orderId, this.clock.now()));
    if (!deleted) {
      if (await orders.findOrder(user.account_id, orderId)) throw new AppError(ErrCode.ORDER_RUNNING);
      throw new AppError(ErrCode.ORDER_NOT_FOUND);
    }
    this.notify.ordersChanged(user.account_id, orderId);
    return null;
  }

  async list(user: AuthUser, input: z.output<typeof orderListInput>): Promise<OrderListDatas> {
    const deletedSince = this.clock.now() - ORDER_RESTORE_WINDOW_S * 1000;
    const { rows, summary } = await new OrderListRepository(this.db).list(
      user.account_id,
      input,
      deletedSince,
    );
    return { list: rows.map(toOrderRow), total: summary.orders, summary };
  }

  async detail(user: AuthUser, orderId: number): Promise<OrderRow & { package_checks: number }> {
    const row = await new OrderListRepository(this.db).detail(user.account_id, orderId);
    if (!row) throw new AppError(ErrCode.ORDER_NOT_FOUND);
    return { ...toOrderRow(row), package_checks: row.package_checks };
  }

  /**
   * The batch's valid devices (ORDER_NO_VALID_DEVICES when there are none, with what was refused),
   * priced at `perDevice` and checked against the balance, all before the transaction.
   */
  private async quote(accountId: number, batch: BatchResult, perDevice: number) {
    const devices = batch.valid.map(newDevice);
    const rejected = batch.invalid.map(({ line, raw, reason }) => ({ line, raw, reason }));
    const duplicates = batch.duplicates;
    if (devices.length === 0)
      throw new AppError(ErrCode.ORDER_NO_VALID_DEVICES, undefined, { rejected, duplicates });
    const at = this.clock.now();
    const { covered, price } = await this.pricing(accountId, devices.length, perDevice, at);
    await this.precheckBalance(accountId, price);
    return { devices, rejected, duplicates, at, covered, price };
  }

  /** Devices covered by package checks first (package-draw.ts), the rest priced in points. */
  private async pricing(accountId: number, devices: number, perDevice: number, at: number) {
    const covered =
      perDevice > 0 ? Math.min(devices, await packageChecksAvailable(this.db, accountId, at)) : 0;
    return { covered, price: (devices - covered) * perDevice };
  }

  /** A clear 3003 before any write; the freeze's own SQL guard still decides under concurrency. */
  private async precheckBalance(accountId: number, price: number): Promise<void> {
    const { integral } = await new LedgerRepository(this.db).balances(accountId);
    if (integral < price)
      throw new AppError(
        ErrCode.INSUFFICIENT_POINTS,
        `积分不足，请先充值（需要 ${(price / 100).toFixed(2)}，可用 ${(integral / 100).toFixed(2)}）`,
        { price, integral },
      );
  }
}

/** Devices being placed on an order (a new one, or added to an existing one), priced by quote(). */
interface Placement {
  orderId: number;
  devices: readonly NewDevice[];
  services: readonly OrderedService[];
  covered: number;
  price: number;
  at: number;
}

/** In the order's transaction: the package checks that cover devices, then the freeze of the rest. */
async function chargeOrder(trx: Kysely<Database>, user: AuthUser, p: Placement) {
  const draws = await drawPackageChecks(trx, {
    accountId: user.account_id,
    orderId: p.orderId,
    count: p.covered,
    actorUserId: user.user_id,
    at: p.at,
  });
  const integral = await new LedgerRepository(trx).freeze({
    accountId: user.account_id,
    amount: p.price,
    orderId: p.orderId,
    actorUserId: user.user_id,
    at: p.at,
  });
  return { draws, integral };
}

/** In the order's transaction, after chargeOrder: the devices and their jobs, the covered ones marked. */
async function writeDevices(trx: Kysely<Database>, user: AuthUser, p: Placement, draws: PackageDraw[]) {
  await new OrderDeviceRepository(trx).addDevicesAndJobs({
    accountId: user.account_id,
    orderId: p.orderId,
    devices: p.devices,
    services: p.services,
    price: p.price,
    at: p.at,
  });
  await markPackageDevices(
    trx,
    p.orderId,
    p.devices.slice(0, p.covered).map((d) => d.ident),
    draws,
  );
}
