import type { Kysely } from 'kysely';
import { withLuhn } from '#server/providers/checks/sandbox-device.ts';
import { SandboxCheckProvider } from '#server/providers/checks/sandbox.ts';
import type { Database } from './db/schema.ts';
import type { MigrationDialect } from './db/migrations/columns.ts';
import { CheckRunner, DEFAULT_RUNNER_OPTIONS } from './jobs/check-runner.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { CatalogueRepository } from './modules/checks/catalogue-repository.ts';
import { OrderService } from './modules/checks/order-service.ts';
import { LedgerRepository } from './modules/ledger/ledger-repository.ts';
import { dayIn } from './lib/shop-day.ts';
import { DEFAULT_TIME_ZONE } from './lib/shop-time.ts';
import { newOrderNo } from './modules/wallet/recharge-repository.ts';

/**
 * The demo shop's 90 days of check history (issue 13: dashboards that live on a first look): a few
 * orders every shop day placed through OrderService (points frozen through the ledger, the
 * dashboards' rollup kept in the same transactions), their checks answered by the sandbox provider
 * (its own failures, refunds and facts, at zero latency) through the real job runner on a clock
 * walked through those days, and sandbox recharges whenever the points run low, the last one
 * bringing the balance back to the opening 1000.00 (the e2e specs expect it). Deterministic: a
 * fixed pseudo-random sequence, and the sandbox's answers follow from each identifier. Left out
 * with REPAIROPS_DEMO_HISTORY=0. Run once, right after the demo shop is seeded.
 */
export const DEMO_HISTORY_DAYS = 90;
const DAY = 24 * 3600_000;
const OPENING = 1000_00;

export function demoHistoryEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.REPAIROPS_DEMO_HISTORY !== '0';
}

/** mulberry32: a small deterministic generator (the same history on every start). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What a shop orders, most often first (service codes). */
const SERVICE_SETS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [30, ['warranty']],
  [25, ['warranty', 'activation_lock']],
  [15, ['warranty', 'activation_lock', 'network_lock']],
  [10, ['warranty', 'sale_country']],
  [8, ['activation_lock']],
  [7, ['network_lock', 'carrier']],
  [5, ['warranty', 'id_blacklist', 'activation_lock']],
];
const TITLES = [
  '上午收货',
  '下午收货',
  '回收批次',
  '同行调货',
  '门店收机',
  '华强北拿货',
  '客户寄修',
  '二手质检',
];

export interface DemoHistory {
  orders: number;
  devices: number;
  jobs: number;
  recharges: number;
}

export async function seedDemoHistory(
  db: Kysely<Database>,
  dialect: MigrationDialect,
  now = Date.now(),
): Promise<DemoHistory> {
  const user = await new AuthRepository(db).findUserByUsername('admin');
  if (!user) throw new Error('the demo shop has no admin');
  const accountId = user.account_id;
  let at = now;
  const clock = { now: () => at };
  const random = prng(20260301);
  const provider = new SandboxCheckProvider({ latency: 'zero', clock, random });
  const runner = new CheckRunner({
    db,
    dialect,
    provider,
    clock,
    onProgress: () => undefined,
    onError: (err) => {
      throw err;
    },
    // Everything through the database on the walked clock (no in-memory waits); busy answers and
    // retryable failures come back a few simulated seconds later.
    options: {
      ...DEFAULT_RUNNER_OPTIONS,
      concurrency: 500,
      claimBatch: 500,
      holdMaxMs: 0,
      backoffBaseMs: 1000,
      backoffMaxMs: 5000,
      random,
    },
  });
  const orders = new OrderService({
    db,
    clock,
    notify: { ordersChanged: () => undefined, jobsAdded: () => undefined },
  });
  const catalogue = await new CatalogueRepository(db).services();
  const idOf = new Map<string, number>(catalogue.map((s) => [s.code, s.id]));
  const ledger = new LedgerRepository(db);
  const pick = <T>(weighted: ReadonlyArray<readonly [number, T]>): T => {
    let r = random() * weighted.reduce((n, [w]) => n + w, 0);
    for (const [w, v] of weighted) if ((r -= w) < 0) return v;
    return weighted[0]![1];
  };

  const out: DemoHistory = { orders: 0, devices: 0, jobs: 0, recharges: 0 };
  const recharge = async (amount: number) => {
    const order = await db
      .insertInto('recharge_orders')
      .values({
        order_no: newOrderNo(at),
        account_id: accountId,
        user_id: user.user_id,
        provider: 'sandbox',
        amount,
        points: amount,
        state: 'paid',
        qr_content: '',
        trade_no: `SANDBOXHIST${at}`,
        request_id: null,
        created_at: at,
        expires_at: at + 15 * 60_000,
        paid_at: at + 60_000,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.recharge({
      accountId,
      amount,
      rechargeId: order.id,
      actorUserId: user.user_id,
      at: at + 60_000,
    });
    out.recharges++;
  };

  let serial = 0;
  for (let back = DEMO_HISTORY_DAYS - 1; back >= 0; back--) {
    const day = dayIn(DEFAULT_TIME_ZONE, now - back * DAY);
    const weekend = new Date(day.startMs + 12 * 3600_000).getUTCDay() % 6 === 0;
    const count = Math.floor(random() * (weekend ? 3 : 5)) + 1;
    // Opening hours 09:30-19:30, in order through the day.
    const times = Array.from(
      { length: count },
      () => day.startMs + 9.5 * 3600_000 + Math.floor(random() * 10 * 3600_000),
    ).sort((a, b) => a - b);
    for (const time of times) {
      // Today: only what has already happened.
      if (time > now - 10 * 60_000) continue;
      at = time;
      const devices = Math.max(1, Math.round(Math.exp(random() * 2.8)));
      const services = pick(SERVICE_SETS)
        .map((c) => idOf.get(c))
        .filter((id): id is number => id !== undefined);
      const identifiers = Array.from({ length: devices }, () => {
        serial++;
        // IMEIs of Apple's TAC range with a serial of their own; the sandbox draws each one's facts.
        return withLuhn(
          `35${String(391_100 + (serial % 97)).padStart(6, '0')}${String(100_000 + serial).slice(-6)}`,
        );
      });
      const { integral } = await ledger.balances(accountId);
      const price =
        catalogue.filter((s) => services.includes(s.id)).reduce((n, s) => n + s.price, 0) * devices;
      if (integral - price < 500_00) {
        // Top up in round hundreds, never above the opening balance.
        const amount = Math.floor((OPENING - integral) / 100_00) * 100_00;
        if (amount > 0) await recharge(amount);
      }
      const placed = await orders.create(user, {
        title: `${pick(TITLES.map((t) => [1, t] as const))} ${devices} 台`,
        remark: '',
        identifiers,
        service_ids: services,
      });
      out.orders++;
      out.devices += placed.added;
      out.jobs += placed.added * services.length;
      // Run the order to its end: submit, poll, dependents, retries, a simulated minute at a time.
      for (let round = 0; round < 30; round++) {
        at += 60_000;
        await runner.runOnce();
        const open = await db
          .selectFrom('check_jobs')
          .select('id')
          .where('order_id', '=', placed.order_id)
          .where('state', 'in', ['pending', 'running'])
          .limit(1)
          .executeTakeFirst();
        if (!open) break;
      }
    }
  }
  // Back to the opening balance, so the demo shop starts where it always did.
  at = now - 5 * 60_000;
  const { integral } = await ledger.balances(accountId);
  if (integral < OPENING) await recharge(OPENING - integral);
  return out;
}
