import type { Kysely } from 'kysely';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import type { Database } from '#server/db/schema.ts';
import type { CustomerService } from './customer-service.ts';
import { messagesOf } from './message-rows.ts';

/** How many rows of each list a customer's page shows (the newest). */
const DETAIL_ROWS = 100;
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * A customer's page (decision 0047): their devices, tickets, checks of their devices, messages and
 * money, newest first; all scoped to the caller's account.
 */
export async function customerDetail(
  db: Kysely<Database>,
  customers: CustomerService,
  accountId: number,
  id: number,
): Promise<CustomerDetail> {
  const customer = await customers.row(accountId, id);
  const cid = customer.id;
  const [tickets, ticketDevices, tracked, messages, payments] = await Promise.all([
    db
      .selectFrom('tickets')
      .select(['id', 'no_text', 'status', 'due_fen', 'paid_fen', 'refunded_fen', 'created_at'])
      .where('account_id', '=', accountId)
      .where('customer_id', '=', cid)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('ticket_devices')
      .innerJoin('tickets', 'tickets.id', 'ticket_devices.ticket_id')
      .select([
        'ticket_devices.ident',
        'ticket_devices.sn',
        'ticket_devices.imei',
        'ticket_devices.model',
        'ticket_devices.ticket_id',
        'ticket_devices.repair_device_id',
      ])
      .where('tickets.account_id', '=', accountId)
      .where('tickets.customer_id', '=', cid)
      .orderBy('ticket_devices.id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('repair_devices')
      .select(['id', 'ident', 'sn', 'imei', 'model'])
      .where('account_id', '=', accountId)
      .where('customer_id', '=', cid)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    messagesOf(db, accountId, { customerId: cid }),
    db
      .selectFrom('ticket_payments')
      .innerJoin('tickets', 'tickets.id', 'ticket_payments.ticket_id')
      .select([
        'ticket_payments.id',
        'ticket_payments.ticket_id',
        'ticket_payments.kind',
        'ticket_payments.method',
        'ticket_payments.amount_fen',
        'ticket_payments.at',
      ])
      .where('tickets.account_id', '=', accountId)
      .where('tickets.customer_id', '=', cid)
      .orderBy('ticket_payments.id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
  ]);

  // One row per device: a ticket's device sent to Apple is also tracked; show it once.
  const linked = new Set(ticketDevices.map((d) => d.repair_device_id).filter((v) => v !== null));
  const devices = [
    ...ticketDevices,
    ...tracked
      .filter((d) => !linked.has(d.id))
      .map((d) => ({
        ident: d.ident,
        sn: d.sn,
        imei: d.imei,
        model: d.model,
        ticket_id: null,
        repair_device_id: d.id,
      })),
  ];
  const idents = [...new Set(devices.map((d) => d.ident))];
  const checks =
    idents.length === 0
      ? []
      : await db
          .selectFrom('check_devices')
          .innerJoin('check_orders', 'check_orders.id', 'check_devices.order_id')
          .select([
            'check_orders.id as order_id',
            'check_orders.title',
            'check_devices.ident',
            'check_orders.created_at',
          ])
          .where('check_devices.account_id', '=', accountId)
          .where('check_orders.account_id', '=', accountId)
          .where('check_orders.deleted_at', 'is', null)
          .where((eb) =>
            eb.or([eb('check_devices.sn', 'in', idents), eb('check_devices.imei', 'in', idents)]),
          )
          .orderBy('check_orders.created_at', 'desc')
          .limit(DETAIL_ROWS)
          .execute();

  return {
    customer,
    devices,
    tickets: tickets.map((t) => ({ ...t, created_at: seconds(t.created_at) })),
    checks: checks.map((c) => ({ ...c, created_at: seconds(c.created_at) })),
    messages,
    payments: payments.map((p) => ({ ...p, at: seconds(p.at) })),
  };
}
