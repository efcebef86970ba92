import type { Insertable, Kysely, Selectable } from 'kysely';
import { TICKET_STATUSES, isFinal } from '#contract/counter/workflow.ts';
import type { CountMemo } from '#server/db/count-memo.ts';
import type { CustomersTable, Database } from '#server/db/schema.ts';
import { prefixUpperBound } from '#contract/counter/prefix-range.ts';

export type CustomerRecord = Selectable<CustomersTable>;

/** Statuses of a ticket that is still at the shop: every status the workflow can leave. */
export const OPEN_TICKET_STATUSES = TICKET_STATUSES.filter((status) => !isFinal(status));

/** The customers' SQL, always scoped to one account. Works on a transaction as well as on the database. */
export class CustomerRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  find(accountId: number, id: number) {
    return this.db
      .selectFrom('customers')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(row: Insertable<CustomersTable>): Promise<number> {
    const out = await this.db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
    return out.id;
  }

  async update(accountId: number, id: number, set: Partial<Insertable<CustomersTable>>): Promise<void> {
    await this.db
      .updateTable('customers')
      .set(set)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }

  /** The customer (of this shop) that has one of these phones, other than `exceptId`. */
  phoneOwner(accountId: number, phones: string[], exceptId: number | null) {
    if (phones.length === 0) return Promise.resolve(undefined);
    let q = this.db
      .selectFrom('customer_phones')
      .innerJoin('customers', 'customers.id', 'customer_phones.customer_id')
      .select(['customers.id', 'customers.name', 'customer_phones.phone'])
      .where('customer_phones.account_id', '=', accountId)
      .where('customer_phones.phone', 'in', phones);
    if (exceptId !== null) q = q.where('customer_phones.customer_id', '!=', exceptId);
    return q.executeTakeFirst();
  }

  async replacePhones(accountId: number, customerId: number, phones: string[]): Promise<void> {
    await this.db.deleteFrom('customer_phones').where('customer_id', '=', customerId).execute();
    if (phones.length === 0) return;
    await this.db
      .insertInto('customer_phones')
      .values(
        phones.map((phone, position) => ({
          account_id: accountId,
          customer_id: customerId,
          phone,
          last4: phone.slice(-4),
          position,
        })),
      )
      .execute();
  }

  async phonesOf(customerIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (customerIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('customer_phones')
      .select(['customer_id', 'phone'])
      .where('customer_id', 'in', customerIds)
      .orderBy('customer_id')
      .orderBy('position')
      .execute();
    for (const r of rows) out.set(r.customer_id, [...(out.get(r.customer_id) ?? []), r.phone]);
    return out;
  }

  async openTicketCounts(customerIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (customerIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('tickets')
      .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('customer_id', 'in', customerIds)
      .where('status', 'in', [...OPEN_TICKET_STATUSES])
      .groupBy('customer_id')
      .execute();
    for (const r of rows) out.set(r.customer_id, Number(r.n));
    return out;
  }

  /**
   * One page of the shop's customers (not merged away), newest change first. `q`: four digits match a
   * phone's last four, five or more a phone's beginning (the whole phone included); anything else a
   * name's beginning, without case.
   */
  async page(accountId: number, q: string, offset: number, limit: number, totals: CountMemo) {
    let base = this.db
      .selectFrom('customers')
      .where('customers.account_id', '=', accountId)
      .where('customers.merged_into', 'is', null);
    const phone = q.replace(/[\s()-]/g, '');
    if (/^\+?\d{4,}$/.test(phone)) {
      // Driven from the phones' index: the few customers with that phone, not every customer probed.
      base = base.where('customers.id', 'in', (eb) =>
        eb
          .selectFrom('customer_phones')
          .select('customer_phones.customer_id')
          .where('customer_phones.account_id', '=', accountId)
          .where((w) =>
            phone.length === 4
              ? w('customer_phones.last4', '=', phone)
              : // A range, not LIKE: the index serves a prefix as a range on its binary order.
                w.and([
                  w('customer_phones.phone', '>=', phone),
                  w('customer_phones.phone', '<', prefixUpperBound(phone)),
                ]),
          ),
      );
    } else if (q) {
      // A range, not LIKE: SQLite's index serves a prefix as a range on its binary order.
      const key = q.toLowerCase();
      base = base
        .where('customers.name_key', '>=', key)
        .where('customers.name_key', '<', prefixUpperBound(key));
    }
    const [rows, total] = await Promise.all([
      base
        .selectAll('customers')
        .orderBy('customers.updated_at', 'desc')
        .orderBy('customers.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      totals.count(JSON.stringify(['customers', accountId, q]), async () =>
        Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      ),
    ]);
    return { rows, total };
  }
}
