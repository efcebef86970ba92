import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import { SEARCH_HITS_PER_KIND, type SearchHit, type globalSearchOutput } from '#contract/schemas/search.ts';
import type { Database } from '#server/db/schema.ts';
import type { CustomerService } from './customer-service.ts';
import { prefixUpperBound } from '#contract/counter/prefix-range.ts';

const LIMIT = SEARCH_HITS_PER_KIND;
const REPAIR_ID_RE = /^[AGRDN]\d{9}$/i;
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The header's one search box: customers (name, phone, last four digits), SN/IMEI (tickets, tracked
 * devices, checks), Apple repair ids, ticket numbers and check orders. Every branch reads an index
 * of the caller's account and takes a few rows.
 */
export async function globalSearch(
  db: Kysely<Database>,
  customers: CustomerService,
  accountId: number,
  q: string,
): Promise<z.output<typeof globalSearchOutput>> {
  const ident = parseIdentifier(q);
  const identValue = ident.ok ? ident.value : null;
  const repairId = REPAIR_ID_RE.test(q) ? q.toUpperCase() : null;

  const [customerPage, tickets, repairDevices, checkOrders] = await Promise.all([
    identValue || repairId
      ? Promise.resolve({ list: [] })
      : customers.list(accountId, { q, page: 1, page_size: LIMIT }),
    searchTickets(db, accountId, q, identValue),
    searchRepairDevices(db, accountId, identValue, repairId),
    searchCheckOrders(db, accountId, q, identValue),
  ]);
  return {
    customers: customerPage.list.map((c) => ({
      kind: 'customer',
      id: c.id,
      title: c.name,
      detail: c.phones.join(' · '),
    })),
    tickets,
    repair_devices: repairDevices,
    check_orders: checkOrders,
  };
}

async function searchTickets(
  db: Kysely<Database>,
  accountId: number,
  q: string,
  ident: string | null,
): Promise<SearchHit[]> {
  let query = db
    .selectFrom('tickets')
    .innerJoin('customers', 'customers.id', 'tickets.customer_id')
    .select(['tickets.id', 'tickets.no_text', 'tickets.status', 'customers.name'])
    .where('tickets.account_id', '=', accountId);
  if (ident) {
    // Driven from the devices' index: the tickets holding that device, not every ticket probed.
    query = query.where('tickets.id', 'in', (eb) =>
      eb
        .selectFrom('ticket_devices')
        .select('ticket_devices.ticket_id')
        .where('ticket_devices.account_id', '=', accountId)
        .where('ticket_devices.ident', '=', ident),
    );
  } else {
    // A range, not LIKE: SQLite's index serves a prefix as a range on its binary order.
    const prefix = q.toUpperCase();
    query = query
      .where('tickets.no_text', '>=', prefix)
      .where('tickets.no_text', '<', prefixUpperBound(prefix));
  }
  const rows = await query.orderBy('tickets.id', 'desc').limit(LIMIT).execute();
  return rows.map((r) => ({
    kind: 'ticket',
    id: r.id,
    title: r.no_text,
    detail: r.name,
    status: r.status as TicketStatus,
  }));
}

async function searchRepairDevices(
  db: Kysely<Database>,
  accountId: number,
  ident: string | null,
  repairId: string | null,
): Promise<SearchHit[]> {
  if (!ident && !repairId) return [];
  let query = db
    .selectFrom('repair_devices')
    .select(['id', 'ident', 'model', 'customer_name'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null);
  if (repairId) {
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('repair_device_ids')
        .select('device_id')
        .where('account_id', '=', accountId)
        .where('repair_id', '=', repairId),
    );
  } else if (ident) {
    query = query.where((eb) =>
      eb.or([
        eb('sn', '=', ident),
        eb('imei', '=', ident),
        eb('new_sn', '=', ident),
        eb('new_imei', '=', ident),
      ]),
    );
  }
  const rows = await query.orderBy('id', 'desc').limit(LIMIT).execute();
  return rows.map((r) => ({
    kind: 'repair_device',
    id: r.id,
    title: r.ident,
    detail: [r.model, r.customer_name].filter(Boolean).join(' · '),
  }));
}

async function searchCheckOrders(
  db: Kysely<Database>,
  accountId: number,
  q: string,
  ident: string | null,
): Promise<SearchHit[]> {
  let query = db
    .selectFrom('check_orders')
    .select(['id', 'title', 'devices'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null);
  if (ident) {
    query = query.where('id', 'in', (eb) =>
      eb
        .selectFrom('check_devices')
        .select('order_id')
        .where('account_id', '=', accountId)
        .where((w) => w.or([w('sn', '=', ident), w('imei', '=', ident)])),
    );
  } else {
    query = query.where(sql<boolean>`lower(title) like ${likePrefix(q.toLowerCase())} escape '\\'`);
  }
  const rows = await query.orderBy('id', 'desc').limit(LIMIT).execute();
  return rows.map((r) => ({ kind: 'check_order', id: r.id, title: r.title, detail: String(r.devices) }));
}
