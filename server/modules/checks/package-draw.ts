import { sql, type Kysely } from 'kysely';
import { ErrCode } from '#contract/errcodes.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';

/** Idents per IN list: far under SQLite's parameter limit. */
const CHUNK = 1000;

/**
 * Check orders draw on bought packages before points (decision 0017): one package check pays for one
 * device of the order, whatever services were chosen for it. Unused checks of live purchases are used
 * oldest purchase first; the covered devices' jobs carry no share, so the points frozen for the order
 * stay exactly the shares of its other jobs (decision 0010's invariant).
 */

/** Unused checks of the account's live purchases: how many devices an order could cover now. */
export async function packageChecksAvailable(
  db: Kysely<Database>,
  accountId: number,
  at: number,
): Promise<number> {
  const row = await db
    .selectFrom('package_purchases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('check_left'), eb.lit(0)).as('n'))
    .where('account_id', '=', accountId)
    .where('check_left', '>', 0)
    .where((eb) => eb.or([eb('expires_at', '=', 0), eb('expires_at', '>', at)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes `count` checks from the account's purchases, oldest first, inside the order's transaction:
 * one guarded decrement and one `package` ledger entry per purchase drawn on. When another order took
 * them meanwhile, nothing is drawn (the transaction rolls back) and the caller is told to retry.
 */
export async function drawPackageChecks(
  trx: Kysely<Database>,
  e: { accountId: number; orderId: number; count: number; actorUserId: number; at: number },
): Promise<PackageDraw[]> {
  const draws: PackageDraw[] = [];
  if (e.count <= 0) return draws;
  const ledger = new LedgerRepository(trx);
  let remaining = e.count;
  const purchases = await trx
    .selectFrom('package_purchases')
    .select(['id', 'check_left'])
    .where('account_id', '=', e.accountId)
    .where('check_left', '>', 0)
    .where((eb) => eb.or([eb('expires_at', '=', 0), eb('expires_at', '>', e.at)]))
    .orderBy('id')
    .execute();
  for (const p of purchases) {
    if (remaining === 0) break;
    const take = Math.min(p.check_left, remaining);
    const r = await trx
      .updateTable('package_purchases')
      .set((eb) => ({ check_left: eb('check_left', '-', take) }))
      .where('id', '=', p.id)
      .where('check_left', '>=', take)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) continue;
    await ledger.packageDraw({
      accountId: e.accountId,
      purchaseId: p.id,
      orderId: e.orderId,
      checks: take,
      actorUserId: e.actorUserId,
      at: e.at,
    });
    draws.push({ purchaseId: p.id, checks: take });
    remaining -= take;
  }
  if (remaining > 0)
    throw new AppError(ErrCode.INSUFFICIENT_POINTS, '套餐查询次数刚被其他订单使用，请重新提交');
  await trx
    .updateTable('check_orders')
    .set((eb) => ({ package_checks: eb('package_checks', '+', e.count) }))
    .where('id', '=', e.orderId)
    .execute();
  return draws;
}

/** Checks taken from one purchase by one order. */
export interface PackageDraw {
  purchaseId: number;
  checks: number;
}

/**
 * The covered devices' jobs cost no points: their shares become 0 (after addDevicesAndJobs). Each
 * device remembers the purchase it drew on (the draws in order, one device per check), so a device
 * whose checks all fail can give its check back (package-return.ts).
 */
export async function markPackageDevices(
  trx: Kysely<Database>,
  orderId: number,
  idents: readonly string[],
  draws: readonly PackageDraw[],
): Promise<void> {
  let next = 0;
  for (const draw of draws) {
    const mine = idents.slice(next, next + draw.checks);
    next += draw.checks;
    for (let i = 0; i < mine.length; i += CHUNK)
      await trx
        .updateTable('check_devices')
        .set({ package_purchase_id: draw.purchaseId })
        .where('order_id', '=', orderId)
        .where('ident', 'in', mine.slice(i, i + CHUNK))
        .execute();
  }
  for (let i = 0; i < idents.length; i += CHUNK) {
    const chunk = idents.slice(i, i + CHUNK);
    await trx
      .updateTable('check_jobs')
      .set({ share: 0 })
      .where('order_id', '=', orderId)
      .where('device_id', 'in', (eb) =>
        eb
          .selectFrom('check_devices')
          .select('id')
          .where('order_id', '=', orderId)
          .where('ident', 'in', chunk),
      )
      .where(sql<boolean>`settled = 0`)
      .execute();
  }
}
