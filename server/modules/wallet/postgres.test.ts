// The wallet on PostgreSQL, where concurrent transactions really run side by side: 50 copies of one
// notify credit once, and purchases racing for the same points never overdraw. Runs when
// REPAIROPS_TEST_PG_URL names a server (a database of its own is made), skipped otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { RECHARGE_DEFAULTS } from '#server/payment-config.ts';
import { connectDb, type Db } from '#server/db/connect.ts';
import { AuthRepository } from '#server/modules/auth/repository.ts';
import { SessionService } from '#server/modules/auth/session-service.ts';
import { systemClock } from '#server/lib/clock.ts';
import { FakeAlipay } from '#tests/setup/fake-alipay.ts';

import { endpoints } from '#contract/endpoints.ts';
import type { EndpointDef, EndpointInput } from '#contract/endpoint.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { asAppUser } from '#tests/setup/inject-post.ts';
import { ownSeededDatabase } from '#tests/setup/pg-own-database.ts';
const url = process.env.REPAIROPS_TEST_PG_URL;
const DB_NAME = 'repairops_wallet_test';

describe.skipIf(!url)('wallet on PostgreSQL', () => {
  let handle: Db;
  let app: App;
  let token: string;
  let alipay: FakeAlipay;
  const post = <E extends EndpointDef>(endpoint: E, body: EndpointInput<E>) =>
    callEndpoint(asAppUser(app, token), endpoint, body);
  const balances = () =>
    handle.db
      .selectFrom('accounts')
      .select(['integral', 'frozen'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
  const ledgerSum = async () => {
    const r = await handle.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('balance_delta').as('b'))
      .where('account_id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.b);
  };

  beforeAll(async () => {
    const own = await ownSeededDatabase(url as string, DB_NAME);
    handle = connectDb(own);
    alipay = await new FakeAlipay().start();
    const config = {
      ...loadConfig({}),
      databaseUrl: own,
      payment: {
        provider: 'alipay' as const,
        recharge: RECHARGE_DEFAULTS,
        notifyBase: 'https://shop.example.com',
        alipay: alipay.config(),
      },
    };
    app = await buildApp({ config, db: handle, logger: false });
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    token = await new SessionService(new AuthRepository(handle.db), systemClock, config.sessionTtlMs).open(
      user.id,
    );
  }, 60_000);
  afterAll(async () => {
    await app?.app.close();
    await handle?.db.destroy();
    await alipay?.stop();
  });

  it('50 concurrent copies of one notify credit exactly once', { timeout: 60_000 }, async () => {
    const before = await balances();
    const order = await post(endpoints.rechargeCreate, { amount: 123_45 });
    expect(order.errcode, order.msg).toBe(0);
    const body = alipay.pay(order.datas.order_no);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        // The payment provider's webhook: not a contract endpoint (form body, plain-text answer).
        app.app.inject({
          method: 'POST',
          url: '/api/pay/notify/alipay',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.body)).toEqual(Array.from({ length: 50 }, () => 'success'));
    expect((await balances()).integral).toBe(Number(before.integral) + 123_45);
    const entries = await handle.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('type', '=', 'recharge')
      .execute();
    expect(entries).toHaveLength(1);
    expect(await ledgerSum()).toBe(Number((await balances()).integral) + Number((await balances()).frozen));
  });

  it(
    '20 purchases racing for the points: as many as the balance covers, never below zero',
    { timeout: 60_000 },
    async () => {
      const combos = await post(endpoints.getAccountPrice, {});
      const big = combos.datas.list.find((c) => c.points === 298_00)!;
      const start = Number((await balances()).integral);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(endpoints.payIntegral, { combo_id: big.id, request_id: `pg-race-${i}-xxxxxx` }),
        ),
      );
      const bought = answers.filter((a) => a.errcode === 0).length;
      expect(bought).toBe(Math.floor(start / 298_00));
      const after = Number((await balances()).integral);
      expect(after).toBe(start - bought * 298_00);
      expect(after).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum()).toBe(after + Number((await balances()).frozen));
    },
  );
});
