import { sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';

/**
 * A device paid for by a package check whose every check failed gives the check back to the purchase
 * it came from (decision 0017): the shop pays for answers, not for attempts, exactly as failed jobs
 * paid in points are refunded. Called in the transaction that finished the device's last job; the
 * guarded UPDATE (`package_returned_at IS NULL`, status 'failed') makes it happen once whatever
 * replays, and a device that got any answer ('partial', 'success') keeps its check used.
 */
export async function returnPackageCheckIfFailed(
  trx: Transaction<Database>,
  deviceId: number,
  now: number,
): Promise<void> {
  const device = await trx
    .updateTable('check_devices')
    .set({ package_returned_at: now })
    .where('id', '=', deviceId)
    .where('status', '=', 'failed')
    .where('package_purchase_id', 'is not', null)
    .where('package_returned_at', 'is', null)
    .returning(['account_id', 'order_id', 'package_purchase_id'])
    .executeTakeFirst();
  if (!device || device.package_purchase_id === null) return;
  // Lapsed purchases get it back too: the ledger still sums; lapsed checks are neither listed nor drawn.
  await trx
    .updateTable('package_purchases')
    .set({ check_left: sql<number>`check_left + 1` })
    .where('id', '=', device.package_purchase_id)
    .execute();
  await trx
    .updateTable('check_orders')
    .set({ package_checks: sql<number>`package_checks - 1` })
    .where('id', '=', device.order_id)
    .execute();
  await new LedgerRepository(trx).packageReturn({
    accountId: device.account_id,
    purchaseId: device.package_purchase_id,
    orderId: device.order_id,
    at: now,
  });
}
