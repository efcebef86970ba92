import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { ORDER_RESTORE_WINDOW_S, type OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import type { DeviceSelection, orderDeriveInput } from '#contract/schemas/checks-derive.ts';
import type { OrderFacetsDatas } from '#contract/schemas/checks-derive.ts';
import type { ResultFilter } from '#contract/results-filter/filter.ts';
import { computeFacets } from '#contract/results-filter/facets.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { OrderDeviceRepository } from './order-device-repository.ts';
import { OrderRepository } from './order-repository.ts';
import type { OrderNotifier, OrderService } from './order-service.ts';
import { toDeviceRow } from './results-service.ts';

/**
 * What the order detail's selection does on the server (issue 12): the counts under a filter (the
 * same definitions as the PWA's worker), a derived order from selected devices, and the undo of a
 * delete. Kept apart from OrderService: placing the derived order goes through its create.
 */
export class OrderActions {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly orders: OrderService;
  private readonly notify: OrderNotifier;
  constructor(deps: { db: Kysely<Database>; clock: Clock; orders: OrderService; notify: OrderNotifier }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.orders = deps.orders;
    this.notify = deps.notify;
  }

  /** The order's devices as filterable rows (no jobs); refused when the order is not the caller's. */
  private async filterableDevices(accountId: number, orderId: number) {
    if (!(await new OrderRepository(this.db).findOrder(accountId, orderId)))
      throw new AppError(ErrCode.ORDER_NOT_FOUND);
    return (await new OrderDeviceRepository(this.db).devices(orderId, undefined)).map((d) => ({
      ...toDeviceRow(d, []),
      ident: d.ident,
    }));
  }

  async facets(user: AuthUser, orderId: number, filter: ResultFilter): Promise<OrderFacetsDatas> {
    const devices = await this.filterableDevices(user.account_id, orderId);
    const { mask: _mask, ...counts } = computeFacets(devices, filter);
    return counts;
  }

  /** The identifiers of the selected devices of the order (account-scoped), in entry order. */
  async selectedIdents(user: AuthUser, orderId: number, selection: DeviceSelection): Promise<string[]> {
    if ('device_ids' in selection) {
      if (!(await new OrderRepository(this.db).findOrder(user.account_id, orderId)))
        throw new AppError(ErrCode.ORDER_NOT_FOUND);
      return (
        await new OrderDeviceRepository(this.db).devicesByIds(user.account_id, orderId, selection.device_ids)
      ).map((d) => d.ident);
    }
    const devices = await this.filterableDevices(user.account_id, orderId);
    const { mask } = computeFacets(devices, selection.filter);
    return devices.filter((_d, i) => mask[i] === 1).map((d) => d.ident);
  }

  /**
   * A new order with the selected devices and the chosen services, placed exactly like order_create
   * (priced at today's prices, frozen through the ledger in its transaction); the request_id plugin
   * makes a resubmission answer the first result.
   */
  async derive(user: AuthUser, input: z.output<typeof orderDeriveInput>): Promise<OrderWriteDatas> {
    const identifiers = await this.selectedIdents(user, input.order_id, input.selection);
    if (identifiers.length === 0) throw new AppError(ErrCode.DERIVE_NO_DEVICES);
    return this.orders.create(
      user,
      { title: input.title, identifiers, service_ids: input.service_ids, remark: input.remark },
      input.order_id,
    );
  }

  /** Undo order_delete within the restore window; restoring a live order answers ALREADY_DONE. */
  async restore(user: AuthUser, orderId: number): Promise<null> {
    const repo = new OrderRepository(this.db);
    const since = this.clock.now() - ORDER_RESTORE_WINDOW_S * 1000;
    // One transaction: the order and the dashboards' rollup change together.
    const restored = await this.db
      .transaction()
      .execute((trx) => new OrderRepository(trx).restore(user.account_id, orderId, since));
    if (!restored) {
      const found = await repo.exists(user.account_id, orderId);
      if (!found) throw new AppError(ErrCode.ORDER_NOT_FOUND);
      if (!found.deleted) throw new AppError(ErrCode.ALREADY_DONE);
      throw new AppError(ErrCode.ORDER_NOT_RESTORABLE, '订单删除已超过 30 天，无法恢复');
    }
    this.notify.ordersChanged(user.account_id, orderId);
    return null;
  }
}
