import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrCode } from '#contract/errcodes.ts';
import { normalisePhone } from '#contract/counter/phones.ts';
import {
  CUSTOMER_LANGS,
  CUSTOMER_NOTE_MAX,
  CUSTOMER_TAGS_MAX,
  type CustomerRow,
  type customerListInput,
  type customerMergeInput,
  type customerSaveInput,
} from '#contract/schemas/counter-customers.ts';
import { CountMemo } from '#server/db/count-memo.ts';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { isUniqueViolation } from '#server/modules/team/team-service.ts';
import { CustomerRepository, type CustomerRecord } from './customer-repository.ts';

type Lang = (typeof CUSTOMER_LANGS)[number];
const asLang = (value: string): Lang =>
  (CUSTOMER_LANGS as readonly string[]).includes(value) ? (value as Lang) : 'zh';

function parseTags(json: string): string[] {
  try {
    const tags: unknown = JSON.parse(json);
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function toCustomerRow(c: CustomerRecord, phones: string[], openTickets: number): CustomerRow {
  return {
    id: c.id,
    name: c.name,
    phones,
    wechat_id: c.wechat_id,
    note: c.note,
    tags: parseTags(c.tags),
    lang: asLang(c.lang),
    sms_opt_out: c.sms_opt_out !== 0,
    open_tickets: openTickets,
    created_at: Math.floor(c.created_at / 1000),
    updated_at: Math.floor(c.updated_at / 1000),
  };
}

/** The shop's customers (decision 0047): every query scoped to the caller's account. */
export class CustomerService {
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  /** List totals reused while the database is unchanged (server/db/count-memo.ts). */
  readonly totals: CountMemo;
  constructor(deps: { db: Kysely<Database>; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.totals = CountMemo.forDb(deps.db as unknown as Kysely<never>);
  }

  async list(accountId: number, input: z.output<typeof customerListInput>) {
    const repo = new CustomerRepository(this.db);
    const { rows, total } = await repo.page(
      accountId,
      input.q,
      (input.page - 1) * input.page_size,
      input.page_size,
      this.totals,
    );
    const ids = rows.map((r) => r.id);
    const [phones, open] = await Promise.all([repo.phonesOf(ids), repo.openTicketCounts(ids)]);
    return { list: rows.map((r) => toCustomerRow(r, phones.get(r.id) ?? [], open.get(r.id) ?? 0)), total };
  }

  /** The customer, following a merge to the record that was kept. */
  async require(accountId: number, id: number, db: Kysely<Database> = this.db): Promise<CustomerRecord> {
    const repo = new CustomerRepository(db);
    let customer = await repo.find(accountId, id);
    for (let hops = 0; customer?.merged_into && hops < 10; hops++)
      customer = await repo.find(accountId, customer.merged_into);
    if (!customer || customer.merged_into) throw new AppError(ErrCode.CUSTOMER_NOT_FOUND);
    return customer;
  }

  async row(accountId: number, id: number): Promise<CustomerRow> {
    const customer = await this.require(accountId, id);
    const repo = new CustomerRepository(this.db);
    const [phones, open] = await Promise.all([
      repo.phonesOf([customer.id]),
      repo.openTicketCounts([customer.id]),
    ]);
    return toCustomerRow(customer, phones.get(customer.id) ?? [], open.get(customer.id) ?? 0);
  }

  /** Name and first phone of a customer (followed through a merge): what a tracked device prints. */
  async summary(accountId: number, id: number): Promise<{ id: number; name: string; phone: string }> {
    const customer = await this.require(accountId, id);
    const phones = await new CustomerRepository(this.db).phonesOf([customer.id]);
    return { id: customer.id, name: customer.name, phone: phones.get(customer.id)?.[0] ?? '' };
  }

  /** Creates or edits a customer in one transaction; a phone of another customer is refused with that customer. */
  async save(user: AuthUser, input: z.output<typeof customerSaveInput>): Promise<CustomerRow> {
    const phones = [...new Set(input.phones.map(normalisePhone))];
    const now = this.clock.now();
    let id: number;
    try {
      id = await this.db.transaction().execute(async (trx) => {
        const repo = new CustomerRepository(trx);
        if (input.id !== undefined) await this.require(user.account_id, input.id, trx);
        const owner = await repo.phoneOwner(user.account_id, phones, input.id ?? null);
        if (owner)
          throw new AppError(ErrCode.CUSTOMER_PHONE_TAKEN, undefined, {
            customer_id: owner.id,
            name: owner.name,
          });
        const fields = {
          name: input.name,
          name_key: input.name.toLowerCase(),
          wechat_id: input.wechat_id,
          note: input.note,
          tags: JSON.stringify(input.tags),
          lang: input.lang,
          sms_opt_out: input.sms_opt_out ? 1 : 0,
          updated_at: now,
        };
        const customerId =
          input.id ??
          (await repo.insert({
            ...fields,
            account_id: user.account_id,
            merged_into: null,
            created_by: user.user_id,
            created_at: now,
          }));
        if (input.id !== undefined) await repo.update(user.account_id, customerId, fields);
        await repo.replacePhones(user.account_id, customerId, phones);
        return customerId;
      });
    } catch (err) {
      // Two tabs saving the same new phone at once: the unique index answers for the second.
      if (!isUniqueViolation(err)) throw err;
      const owner = await new CustomerRepository(this.db).phoneOwner(
        user.account_id,
        phones,
        input.id ?? null,
      );
      throw new AppError(
        ErrCode.CUSTOMER_PHONE_TAKEN,
        undefined,
        owner ? { customer_id: owner.id, name: owner.name } : null,
      );
    }
    return this.row(user.account_id, id);
  }

  /**
   * Merges `merge_id` into `keep_id` in one transaction: phones, tickets, tracked devices and
   * messages move to the kept customer, and the merged one points at it (its links still open).
   */
  async merge(user: AuthUser, input: z.output<typeof customerMergeInput>): Promise<CustomerRow> {
    if (input.keep_id === input.merge_id) throw new AppError(ErrCode.CUSTOMER_MERGE_INVALID);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = new CustomerRepository(trx);
      const keep = await repo.find(user.account_id, input.keep_id);
      const gone = await repo.find(user.account_id, input.merge_id);
      if (!keep || !gone) throw new AppError(ErrCode.CUSTOMER_NOT_FOUND);
      if (keep.merged_into || gone.merged_into) throw new AppError(ErrCode.CUSTOMER_MERGE_INVALID);
      const account = user.account_id;
      const keptPhones = (await repo.phonesOf([keep.id])).get(keep.id) ?? [];
      const movedPhones = (await repo.phonesOf([gone.id])).get(gone.id) ?? [];
      await repo.replacePhones(account, gone.id, []);
      await repo.replacePhones(account, keep.id, [
        ...keptPhones,
        ...movedPhones.filter((p) => !keptPhones.includes(p)),
      ]);
      for (const table of ['tickets', 'repair_devices', 'customer_messages'] as const) {
        await trx
          .updateTable(table)
          .set({ customer_id: keep.id })
          .where('account_id', '=', account)
          .where('customer_id', '=', gone.id)
          .execute();
      }
      const note = [keep.note, gone.note].filter(Boolean).join('\n');
      const tags = [...new Set([...parseTags(keep.tags), ...parseTags(gone.tags)])];
      await repo.update(account, keep.id, {
        note: note.slice(0, CUSTOMER_NOTE_MAX),
        tags: JSON.stringify(tags.slice(0, CUSTOMER_TAGS_MAX)),
        wechat_id: keep.wechat_id || gone.wechat_id,
        updated_at: now,
      });
      await repo.update(account, gone.id, { merged_into: keep.id, updated_at: now });
    });
    return this.row(user.account_id, input.keep_id);
  }
}
