import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/**
 * Gives every device of an order facts as a provider's answers would (deterministic by device id,
 * varied enough for filters): model, capacity, colour, warranty, the tri-state locks, status. One
 * UPDATE whatever the number of devices, so a 10,000-device order is ready in a moment.
 */
export async function fillDeviceFacts(db: Kysely<Database>, orderId: number): Promise<void> {
  await sql`UPDATE check_devices SET
      model = CASE id % 4 WHEN 0 THEN 'iPhone 13 Pro' WHEN 1 THEN 'iPhone 12' WHEN 2 THEN 'iPhone 14' ELSE 'iPhone 11' END,
      capacity = CASE id % 3 WHEN 0 THEN '128GB' WHEN 1 THEN '256GB' ELSE '512GB' END,
      colour = CASE id % 5 WHEN 0 THEN 'Sierra Blue' WHEN 1 THEN 'Graphite' WHEN 2 THEN 'Midnight' WHEN 3 THEN 'Red' ELSE NULL END,
      network_model = 'A2638',
      warranty_type = CASE id % 3 WHEN 0 THEN 'limited' WHEN 1 THEN 'applecare_plus' ELSE 'out_of_warranty' END,
      purchase_date = '2024-0' || (1 + id % 9) || '-15',
      warranty_end = '2025-0' || (1 + id % 9) || '-14',
      warranty_days_left = (id % 50) - 10,
      activation_lock = CASE id % 3 WHEN 0 THEN 'yes' WHEN 1 THEN 'no' ELSE 'unknown' END,
      activated = CASE id % 2 WHEN 0 THEN 'yes' ELSE 'no' END,
      replaced = CASE id % 7 WHEN 0 THEN 'yes' ELSE 'no' END,
      carrier = CASE id % 2 WHEN 0 THEN 'AT&T <US>' ELSE 'Unlocked' END,
      gsx_text = CASE id % 11 WHEN 0 THEN '=HYPERLINK("http://x")' ELSE NULL END,
      status = CASE id % 6 WHEN 0 THEN 'partial' ELSE 'success' END
    WHERE order_id = ${orderId}`.execute(db);
}
