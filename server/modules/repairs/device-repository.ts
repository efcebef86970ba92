import { sql, type Kysely } from 'kysely';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import { REPAIR_ID_RE, type RepairDeviceListInput } from '#contract/schemas/repairs.ts';
import { CountMemo } from '#server/db/count-memo.ts';
import { preparedRowValues } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';
import {
  DEVICE_ROW_COLUMNS,
  deviceRowFromValues,
  toDeviceRow,
  toEventRow,
  type DeviceDbRow,
} from './device-rows.ts';

type ListInput = Exclude<RepairDeviceListInput, undefined> & { page: number; page_size: number };

/**
 * Reads of tracked devices, always within one account (the only place with their SQL besides the
 * writers). The keyword is sorted before it reaches SQL: a valid SN/IMEI is looked up exactly
 * (indexed), a repair id through repair_device_ids (indexed), digits as part of a phone, anything
 * else as part of a name, so a search over 100,000 devices stays an index lookup when it can.
 */
export class DeviceRepository {
  private readonly db: Kysely<Database>;
  /** Totals reused while the database is unchanged (server/db/count-memo.ts). */
  private readonly totals: CountMemo;
  /**
   * The pages asked most (the list as a shop opens it, and one batch's list, each without filters)
   * are built and compiled once (server/db/prepared.ts): Kysely's build and compile of the page query
   * cost about as much CPU as SQLite's answer (scripts/bench/load.ts). Their rows come as arrays of
   * values (DEVICE_LIST_COLUMNS' order, as pageQuery selects), cheaper to read than objects.
   */
  private readonly accountPage;
  private readonly batchPage;
  constructor(db: Kysely<Database>) {
    this.db = db;
    this.totals = CountMemo.forDb(db as unknown as Kysely<never>);
    this.accountPage = preparedRowValues(db, (accountId: number, limit: number, offset: number) =>
      this.pageQuery(this.base(accountId), false, limit, offset),
    );
    this.batchPage = preparedRowValues(db, (batchId: number, limit: number, offset: number) =>
      this.pageQuery(this.batchBase(batchId), false, limit, offset),
    );
  }

  private batchBase(batchId: number) {
    return this.db
      .selectFrom('repair_devices as d')
      .where('d.batch_id', '=', batchId)
      .where('d.deleted_at', 'is', null);
  }

  /**
   * One statement for a page: its ids from an index where the filter allows (so deep pages skip
   * index entries, not rows), then only those rows, with the columns the answer needs. The
   * subquery's "d" is the filtered list; the outer "r" its page. Newest first: by id, or with
   * "changed today" by the time of the change.
   */
  private pageQuery(
    filtered: ReturnType<DeviceRepository['base']>,
    byChange: boolean,
    limit: number,
    offset: number,
  ) {
    const newestFirst = byChange ? (['changed_at', 'id'] as const) : (['id'] as const);
    let pageIds = filtered.select('d.id');
    for (const column of newestFirst) pageIds = pageIds.orderBy(`d.${column}`, 'desc');
    let rows = this.db
      .selectFrom('repair_devices as r')
      .innerJoin('repair_batches as b', 'b.id', 'r.batch_id')
      // In DEVICE_LIST_COLUMNS' order: the unfiltered pages read these rows as arrays of values.
      .select(DEVICE_ROW_COLUMNS.map((c) => `r.${c}` as const))
      .select('b.title as batch_title')
      // The subquery keeps to the account. (A test of r.account_id here would tempt SQLite to walk the
      // account's index instead of looking the 20 ids up.)
      .where('r.id', 'in', pageIds.limit(limit).offset(offset));
    for (const column of newestFirst) rows = rows.orderBy(`r.${column}`, 'desc');
    return rows;
  }

  private base(accountId: number) {
    return this.db
      .selectFrom('repair_devices as d')
      .where('d.account_id', '=', accountId)
      .where('d.deleted_at', 'is', null);
  }

  async list(accountId: number, input: ListInput, today: { startMs: number; endMs: number }) {
    let q = this.base(accountId);
    if (input.batch_id) {
      // The batch is checked against the account once; its devices all belong to that account, so
      // the query then runs on the batch's own index.
      const batch = await this.db
        .selectFrom('repair_batches')
        .select('id')
        .where('id', '=', input.batch_id)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!batch) return { list: [], total: 0 };
      q = this.batchBase(batch.id);
    }
    // With "changed today" (the narrowest filter), the other filters are written as expressions no
    // index serves, so both databases walk today's changes only and test the rest on those rows.
    const wrap = (column: 'd.progress' | 'd.eligibility' | 'd.badge') =>
      input.changed_today ? sql<string>`COALESCE(${sql.ref(column)}, '')` : sql.ref<string>(column);
    if (input.progress?.length) q = q.where(wrap('d.progress'), 'in', input.progress);
    if (input.eligibility?.length) q = q.where(wrap('d.eligibility'), 'in', input.eligibility);
    if (input.badge?.length) q = q.where(wrap('d.badge'), 'in', input.badge);
    if (input.watched !== undefined)
      q = input.changed_today
        ? q.where(sql<number>`d.watched + 0`, '=', input.watched ? 1 : 0)
        : q.where('d.watched', '=', input.watched ? 1 : 0);
    if (input.changed_today)
      q = q.where('d.changed_at', '>=', today.startMs).where('d.changed_at', '<', today.endMs);
    const kw = input.keyword ?? '';
    if (kw) {
      const parsed = parseIdentifier(kw);
      const upper = kw.toUpperCase();
      if (parsed.ok || REPAIR_ID_RE.test(upper)) {
        // Exact lookups, each on its own index; a repair id is also a valid 10-character serial.
        const ids = await this.exactIds(
          accountId,
          parsed.ok ? parsed.value : null,
          REPAIR_ID_RE.test(upper) ? upper : null,
        );
        if (ids.length === 0) return { list: [], total: 0 };
        q = q.where('d.id', 'in', ids);
      } else {
        // A phone or a name by its beginning: a range on the account's index.
        const column = /^[\d+\-\s]+$/.test(kw) ? 'd.customer_phone' : 'd.customer_name';
        q = q.where(column, '>=', kw).where(column, '<', kw + '\u{10FFFF}');
      }
    }
    // The total is kept per account and filter (the input without its page) while nothing is written
    // (server/db/count-memo.ts); the key is made from the input, so a page served from the memo
    // builds no count query at all.
    const { page, page_size: pageSize, ...filters } = input;
    const total = await this.totals.count(
      JSON.stringify([accountId, filters, input.changed_today ? today : null]),
      async () =>
        Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    );
    const offset = (page - 1) * pageSize;
    const unfiltered =
      !input.progress?.length &&
      !input.eligibility?.length &&
      !input.badge?.length &&
      input.watched === undefined &&
      !input.changed_today &&
      !kw;
    if (!unfiltered) {
      const rows = await this.pageQuery(q, Boolean(input.changed_today), pageSize, offset).execute();
      return { list: rows.map(toDeviceRow), total };
    }
    const values = input.batch_id
      ? await this.batchPage(input.batch_id, pageSize, offset)
      : await this.accountPage(accountId, pageSize, offset);
    return { list: values.map(deviceRowFromValues), total };
  }

  /**
   * The dashboards' "changed today" figure, with list()'s condition for changed_today (so it equals
   * that list's total), from the changed index: today's changes only. (The figures over all devices,
   * per progress and watched, are counters: server/modules/dashboards/repair-counts.ts.)
   */
  async changedTodayCount(accountId: number, today: { startMs: number; endMs: number }): Promise<number> {
    const row = await this.base(accountId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.changed_at', '>=', today.startMs)
      .where('d.changed_at', '<', today.endMs)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Devices of the account with this identifier (as taken in or as the replacement) or repair id. */
  private async exactIds(
    accountId: number,
    ident: string | null,
    repairId: string | null,
  ): Promise<number[]> {
    const found = new Set<number>();
    if (ident)
      for (const column of ['sn', 'imei', 'new_sn', 'new_imei'] as const)
        for (const r of await this.db
          .selectFrom('repair_devices')
          .select('id')
          .where('account_id', '=', accountId)
          .where(column, '=', ident)
          .limit(1000)
          .execute())
          found.add(r.id);
    if (repairId)
      for (const r of await this.db
        .selectFrom('repair_device_ids')
        .select('device_id')
        .where('account_id', '=', accountId)
        .where('repair_id', '=', repairId)
        .limit(1000)
        .execute())
        found.add(r.device_id);
    return [...found];
  }

  /** The account's live devices among `ids` (others' and deleted ones are left out). */
  async byIds(accountId: number, ids: readonly number[]): Promise<DeviceDbRow[]> {
    const out: DeviceDbRow[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.base(accountId)
        .innerJoin('repair_batches as b', 'b.id', 'd.batch_id')
        .selectAll('d')
        .select('b.title as batch_title')
        .where('d.id', 'in', ids.slice(i, i + 500))
        .execute();
      out.push(...(rows as DeviceDbRow[]));
    }
    return out;
  }

  async idsOfBatch(accountId: number, batchId: number): Promise<number[]> {
    const rows = await this.base(accountId).select('d.id').where('d.batch_id', '=', batchId).execute();
    return rows.map((r) => r.id);
  }

  async events(accountId: number, deviceIds: readonly number[], sinceMs = 0) {
    if (deviceIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('repair_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_user_id')
      .selectAll('e')
      .select(sql<string | null>`COALESCE(NULLIF(u.real_name, ''), u.username)`.as('actor_name'))
      .where('e.account_id', '=', accountId)
      .where('e.device_id', 'in', deviceIds)
      .where('e.created_at', '>=', sinceMs)
      .orderBy('e.id', 'desc')
      .limit(5000)
      .execute();
    return rows.map(toEventRow);
  }
}
