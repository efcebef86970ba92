import type { Kysely } from 'kysely';
import type {
  GroupCode,
  ServiceCode,
  ServiceGroupRow,
  ServiceRow,
} from '#contract/schemas/checks-catalogue.ts';
import type { Database } from '#server/db/schema.ts';

const serviceColumns = [
  'id',
  'group_id',
  'code',
  'name',
  'description',
  'price',
  'maintenance',
  'depends_on',
  'fresh_hours',
  'sort',
] as const;

/** The check-service catalogue's SQL (small, read-mostly). */
export class CatalogueRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async groups(): Promise<ServiceGroupRow[]> {
    const rows = await this.db
      .selectFrom('service_groups')
      .select(['id', 'code', 'name', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, code: r.code as GroupCode }));
  }

  /** Every service (or one group's), in display order: group, then service. */
  async services(groupId?: number): Promise<ServiceRow[]> {
    let q = this.db
      .selectFrom('check_services as s')
      .innerJoin('service_groups as g', 'g.id', 's.group_id')
      .select(serviceColumns.map((c) => `s.${c}` as const));
    if (groupId !== undefined) q = q.where('s.group_id', '=', groupId);
    const rows = await q.orderBy('g.sort').orderBy('s.sort').orderBy('s.id').execute();
    return rows.map((r) => ({
      id: r.id,
      group_id: r.group_id,
      code: r.code as ServiceCode,
      name: r.name,
      description: r.description,
      price: Number(r.price),
      maintenance: r.maintenance !== 0,
      depends_on: JSON.parse(r.depends_on) as ServiceCode[],
      fresh_hours: r.fresh_hours,
      sort: r.sort,
    }));
  }

  async setMaintenance(code: ServiceCode, maintenance: boolean): Promise<void> {
    await this.db
      .updateTable('check_services')
      .set({ maintenance: maintenance ? 1 : 0 })
      .where('code', '=', code)
      .execute();
  }
}
