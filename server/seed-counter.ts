import type { Kysely } from 'kysely';
import { isFinal } from '#contract/counter/workflow.ts';
import {
  ticketCreateInput,
  ticketLineAddInput,
  ticketMoveInput,
  ticketNoteInput,
  ticketPayInput,
  ticketQuoteDecideInput,
  ticketRefundInput,
  ticketVoidInput,
  type TicketDetail,
} from '#contract/schemas/counter-tickets.ts';
import type { Database } from './db/schema.ts';
import { dayIn } from './lib/shop-day.ts';
import { shopTimeZone } from './lib/shop-time.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import type { AuthUser } from './modules/auth/session-service.ts';
import { CustomerService } from './modules/counter/customer-service.ts';
import { messageLinkOf } from './modules/counter/message-link.ts';
import { MessageQueue } from './modules/counter/message-queue.ts';
import { TicketLinks } from './modules/counter/ticket-link.ts';
import { TicketService } from './modules/counter/ticket-service.ts';
import { DEMO_TICKETS, type AppleState, type DemoTicket, type Step } from './seed-counter-tickets.ts';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A tracked device of the demo (server/seed-repairs.ts) and its customer, as a ticket takes it in. */
interface Device {
  id: number;
  customerId: number;
  /** The customer's name (the demo's names repeat across customers). */
  name: string;
  ident: string;
  model: string | null;
  /** When it went to Apple (null: never sent). */
  since: number | null;
  progress: string | null;
  /** Its latest progress at Apple. */
  news: number | null;
}

type Users = Record<'admin' | 'editor', AuthUser>;

interface Plan {
  index: number;
  spec: DemoTicket;
  device: Device;
  intake: number;
  steps: Array<{ at: number; step: Step }>;
  /** When it was closed (a final status), else open. */
  end: number;
  ticket?: TicketDetail;
}

const appleState = (d: Device) =>
  d.since === null
    ? null
    : d.progress === 'completed'
      ? 'back'
      : d.progress === 'shipped_back'
        ? 'returning'
        : 'at_apple';
/** Where the demo has no device in the wanted state (another walk of the sandbox), the nearest one. */
const FALLBACK: Record<AppleState, AppleState[]> = {
  at_apple: ['at_apple', 'returning'],
  returning: ['returning', 'at_apple'],
  back: ['back'],
};
/** The device is at Apple from `since` until it is back (still there while not back). */
const appleTrip = (d: Device): [number, number] | null =>
  d.since === null ? null : [d.since, d.progress === 'completed' ? (d.news ?? d.since) : Infinity];
const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

/**
 * The demo counter (server/seed-counter-tickets.ts): tickets of the demo's customers on their
 * tracked devices, written by the counter's own services (createTicket, the move, quote and money
 * changes, notes) on a clock walked through the last two weeks, every ticket's actions in the order
 * they happened: ticket numbers come from the account's counter with the shop's date of intake,
 * money totals and history lines are what the product writes, and the workflow and money rules
 * refuse anything a shop could not do. Tickets sent to Apple link the tracked device that repair
 * progress management already shows for that trip. Deterministic: everything follows from `now`
 * and the tracked devices (themselves derived from their identifiers). Run on the demo's ONE
 * transaction (server/seed-demo.ts) after seedDemoRepairs, whose customers it uses; answers how
 * many tickets it wrote.
 */
export async function seedDemoCounter(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const auth = new AuthRepository(db);
  const admin = await auth.findUserByUsername('admin');
  const editor = await auth.findUserByUsername('editor');
  if (!admin || !editor) throw new Error('the demo shop has no admin or editor');
  const users = { admin, editor };
  const accountId = admin.account_id;
  const timeZone = await shopTimeZone(db, accountId);
  const plans = planTickets(await trackedDevices(db, accountId), now, timeZone);

  let at = now;
  const clock = { now: () => at };
  const links = new TicketLinks(db);
  const queue = new MessageQueue({
    clock,
    // The status path alone: the seed does not know the server's PUBLIC_URL.
    linkOf: messageLinkOf(undefined, (trx, _accountId, ticketId) => links.pathOf(ticketId, trx)),
    log: { info: () => undefined },
  });
  const tickets = new TicketService({
    db,
    clock,
    customers: new CustomerService({ db, clock }),
    // No handoff to repairs: a ticket's device is linked to its tracked device before it goes to
    // Apple (below), so the move finds nothing to track a second time.
    messages: { queue, queued: () => undefined },
  });
  const actions = plans.flatMap((plan) => [
    { at: plan.intake, plan, step: null },
    ...plan.steps.map(({ at, step }) => ({ at, plan, step })),
  ]);
  // Stable: a ticket's own steps keep their order.
  actions.sort((a, b) => a.at - b.at || a.plan.index - b.plan.index);
  for (const action of actions) {
    at = action.at;
    const { plan } = action;
    if (action.step) plan.ticket = await runStep(db, tickets, users, plan, action.step);
    else {
      plan.ticket = await tickets.create(users[plan.spec.staff[0]], intakeOf(plan, plans, users, timeZone));
      // As the intake's answer does: the receipt's status link is handed out, its hash stored.
      await links.pathOf(plan.ticket.id);
    }
  }
  await messagesSentBySandbox(db, accountId);
  return plans.length;
}

async function trackedDevices(db: Kysely<Database>, accountId: number): Promise<Device[]> {
  const rows = await db
    .selectFrom('repair_devices')
    .select(['id', 'customer_id', 'customer_name', 'ident', 'model', 'repair_since_ms', 'progress'])
    .where('account_id', '=', accountId)
    .where('customer_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const news = await db
    .selectFrom('repair_events')
    .select(['device_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('account_id', '=', accountId)
    .where('kind', '=', 'progress')
    .groupBy('device_id')
    .execute();
  const newsOf = new Map(news.map((n) => [n.device_id, Number(n.at)]));
  return rows.map((r) => ({
    id: r.id,
    customerId: r.customer_id as number,
    name: r.customer_name,
    ident: r.ident,
    model: r.model,
    since: r.repair_since_ms,
    progress: r.progress,
    news: newsOf.get(r.id) ?? null,
  }));
}

/**
 * Each ticket's device and times: those sent to Apple first (on a tracked device in the state their
 * story needs, sent in the last two weeks), then the shop's repairs on a device that is neither at
 * Apple nor on another open ticket meanwhile (never sent ones first). A ticket's steps stop at the
 * first one still to come; one with no device left is not written.
 */
function planTickets(devices: Device[], now: number, timeZone: string): Plan[] {
  const plans: Plan[] = [];
  const taken = new Map<number, Array<[number, number]>>();
  const named = new Map<string, number>();
  const ticketsOn = (d: Device) => taken.get(d.id)?.length ?? 0;
  const take = (plan: Plan) => {
    plans.push(plan);
    named.set(plan.device.name, (named.get(plan.device.name) ?? 0) + 1);
    taken.set(plan.device.id, [...(taken.get(plan.device.id) ?? []), [plan.intake, plan.end]]);
  };
  const recent = devices
    .filter((d) => d.since !== null && d.since >= now - 14 * DAY)
    .sort((a, b) => (a.since as number) - (b.since as number));
  for (const [index, spec] of DEMO_TICKETS.entries()) {
    if (spec.intake[0] === 'shop') continue;
    const [wanted, leadHours, newest] = spec.intake;
    for (const state of FALLBACK[wanted]) {
      const fit = recent.filter((d) => appleState(d) === state && !taken.has(d.id));
      const device = newest ? fit.at(-1) : fit[0];
      if (!device) continue;
      const intake = (device.since as number) - leadHours * HOUR;
      take({ index, spec, device, intake, ...times(spec, device, intake, now) });
      break;
    }
  }
  const neverSent = [...devices.filter((d) => d.since === null), ...devices.filter((d) => d.since !== null)];
  for (const [index, spec] of DEMO_TICKETS.entries()) {
    if (spec.intake[0] !== 'shop') continue;
    const [, daysAgo, hour] = spec.intake;
    // Today's tickets not yet taken in at the hour written: a little earlier, in the table's order.
    const intake = Math.min(
      dayIn(timeZone, now - daysAgo * DAY).startMs + hour * HOUR,
      now - (60 - index) * MIN,
    );
    const first = spec.warrantyOf === undefined ? null : plans.find((p) => p.index === spec.warrantyOf);
    // A device with a ticket already, or a name seen on one, comes last: the tickets spread over
    // the demo's customers and names.
    const spread = (d: Device) => ticketsOn(d) * 100 + (named.get(d.name) ?? 0);
    const pool = first ? [first.device] : [...neverSent].sort((a, b) => spread(a) - spread(b));
    const device = pool.find((d) => {
      const span: [number, number] = [intake, times(spec, d, intake, now).end];
      const trip = appleTrip(d);
      return (!trip || !overlaps(span, trip)) && (taken.get(d.id) ?? []).every((t) => !overlaps(span, t));
    });
    if (device) take({ index, spec, device, intake, ...times(spec, device, intake, now) });
  }
  return plans.sort((a, b) => a.intake - b.intake);
}

/** The steps' times (each after the one before), up to the first still to come; when it closed. */
function times(spec: DemoTicket, device: Device, intake: number, now: number) {
  const steps: Plan['steps'] = [];
  let prev = intake;
  for (const step of spec.steps) {
    const when = step[1];
    const from = typeof when === 'number' ? intake : when[0] === 'apple' ? device.since : device.news;
    const at = Math.max((from ?? intake) + (typeof when === 'number' ? when : when[1]) * HOUR, prev + MIN);
    if (at > now - 5 * MIN) break;
    steps.push({ at, step });
    prev = at;
  }
  const last = steps.at(-1);
  const closed = last && last.step[0] === 'move' && isFinal(last.step[2]);
  return { steps, end: closed ? last.at : Infinity };
}

function intakeOf(plan: Plan, plans: Plan[], users: Users, timeZone: string) {
  const { spec, device } = plan;
  const promised = dayIn(timeZone, plan.intake + spec.promise * DAY).startMs + 18 * HOUR;
  return ticketCreateInput.parse({
    customer_id: device.customerId,
    // The model repair progress management knows for it, as the counter would type it: the offline
    // decoder knows none of the demo's invented TACs.
    devices: [{ ident: device.ident, ...(device.model ? { model: device.model } : {}) }],
    fault: spec.fault,
    condition: spec.condition,
    technician_id: spec.staff[1] ? users[spec.staff[1]].user_id : undefined,
    promised_at: Math.floor(promised / 1000),
    warranty_of: plans.find((p) => p.index === spec.warrantyOf)?.ticket?.id,
    deposit: spec.deposit && { amount_fen: spec.deposit[0], method: spec.deposit[1] },
  });
}

/** One step through the ticket service, as the shop's staff would have made it; answers the ticket after. */
async function runStep(
  db: Kysely<Database>,
  tickets: TicketService,
  users: Users,
  plan: Plan,
  step: Step,
): Promise<TicketDetail> {
  let t = plan.ticket as TicketDetail;
  const staff = users[plan.spec.staff[0]];
  const tech = users[plan.spec.staff[1] ?? plan.spec.staff[0]];
  const write = () => ({ id: t.id, version: t.version });
  switch (step[0]) {
    case 'move':
      if (step[2] === 'sent_to_apple')
        await db
          .updateTable('ticket_devices')
          .set({ repair_device_id: plan.device.id })
          .where('ticket_id', '=', t.id)
          .execute();
      return tickets.move(tech, ticketMoveInput.parse({ ...write(), to: step[2], note: step[3] ?? '' }));
    case 'quote':
      for (const [kind, description, unit_fen] of plan.spec.lines ?? [])
        t = await tickets.addLine(
          tech,
          ticketLineAddInput.parse({ ...write(), kind, description, qty: 1, unit_fen }),
        );
      return t;
    case 'decide': {
      // The lines were proposed in the table's order, one quote at a time.
      const answers = t.lines
        .filter((l) => l.state === 'proposed')
        .map((l, i) => [l.id, plan.spec.lines?.[i]?.[3]] as const);
      return tickets.decideQuote(
        tech,
        ticketQuoteDecideInput.parse({
          ...write(),
          approved: answers.filter(([, yes]) => yes).map(([id]) => id),
          declined: answers.filter(([, yes]) => !yes).map(([id]) => id),
        }),
      );
    }
    case 'pay':
      if (t.outstanding_fen <= 0) return t;
      return tickets.pay(
        staff,
        ticketPayInput.parse({ ...write(), kind: 'payment', amount_fen: t.outstanding_fen, method: step[2] }),
      );
    case 'refund':
      if (t.outstanding_fen >= 0) return t;
      return tickets.refund(
        users.admin,
        ticketRefundInput.parse({
          ...write(),
          amount_fen: -t.outstanding_fen,
          method: step[2],
          note: step[3],
        }),
      );
    case 'void': {
      const voided = new Set(t.payments.map((p) => p.voids));
      const last = t.payments
        .filter((p) => p.kind !== 'refund' && p.kind !== 'void' && !voided.has(p.id))
        .at(-1);
      if (!last) return t;
      return tickets.void(
        users.admin,
        ticketVoidInput.parse({ ...write(), payment_id: last.id, note: step[2] }),
      );
    }
    case 'note':
      return tickets.note(staff, ticketNoteInput.parse({ id: t.id, note: step[2] }));
  }
}

/**
 * The demo's messages as a sandbox run would have left them: sent (by the sandbox, seconds after
 * they were queued). None is left queued, since the message sender would then send them at the
 * server's first start, through a real provider if one is configured, to the demo's invented
 * phone numbers, which may well be somebody's.
 */
async function messagesSentBySandbox(db: Kysely<Database>, accountId: number): Promise<void> {
  await db
    .updateTable('customer_messages')
    .set((eb) => ({
      state: 'sent',
      provider: 'sandbox',
      attempts: 1,
      sent_at: eb('created_at', '+', 20_000),
    }))
    .where('account_id', '=', accountId)
    .where('state', '=', 'queued')
    .execute();
}
