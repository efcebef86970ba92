// Crash test (issue 11): SIGKILL the real server while copies of 20 Alipay notifies are being applied,
// restart it on the same database, let Alipay retry them all, and check that every payment was
// credited exactly once and that the ledger still sums to the balance.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FAKE_ALIPAY_APP_ID, FAKE_ALIPAY_SELLER, FakeAlipay } from '#tests/setup/fake-alipay.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';
import { spawnedUser, spawnServer, type SpawnedServer } from '#tests/setup/spawn-server.ts';

const ORDERS = 20;
const dir = mkdtempSync(join(tmpdir(), 'repairops-notify-crash-'));
const file = join(dir, 'crash.sqlite');
const servers: SpawnedServer[] = [];
let alipay: FakeAlipay;

beforeAll(async () => {
  alipay = await new FakeAlipay().start();
});
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await alipay.stop();
  rmSync(dir, { recursive: true, force: true });
});

const start = async () => {
  const s = await spawnServer({
    databaseUrl: file,
    env: {
      PAYMENT_PROVIDER: 'alipay',
      PAYMENT_NOTIFY_BASE: 'http://127.0.0.1:9',
      RECHARGE_MAX_OPEN: '100',
      ALIPAY_APP_ID: FAKE_ALIPAY_APP_ID,
      ALIPAY_SELLER_ID: FAKE_ALIPAY_SELLER,
      ALIPAY_PRIVATE_KEY: alipay.app.privateKey,
      ALIPAY_PUBLIC_KEY: alipay.alipay.publicKey,
      ALIPAY_GATEWAY: alipay.url,
    },
  });
  servers.push(s);
  return s;
};

const notify = (s: SpawnedServer, body: string) =>
  fetch(`${s.url}/api/pay/notify/alipay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  }).then(
    async (r) => r.text(),
    () => 'lost',
  );

it(
  'credits every payment exactly once across a SIGKILL and the retries after it',
  { timeout: 120_000 },
  async () => {
    const first = await start();
    const token = await first.login();
    const bodies: string[] = [];
    let total = 0;
    for (let i = 0; i < ORDERS; i++) {
      const amount = 100 + i * 37;
      const order = await callEndpoint(spawnedUser(first, token), endpoints.rechargeCreate, { amount });
      expect(order.errcode, order.msg).toBe(0);
      bodies.push(alipay.pay(order.datas.order_no));
      total += amount;
    }
    const before = new DatabaseSync(file);
    const opening = Number(
      (before.prepare('SELECT integral FROM accounts WHERE id = 1').get() as { integral: number }).integral,
    );
    before.close();

    // Five copies of every notify at once; the process dies in the middle of them.
    const inFlight = bodies.flatMap((b) => Array.from({ length: 5 }, () => notify(first, b)));
    await new Promise((r) => setTimeout(r, 40));
    first.child.kill('SIGKILL');
    await first.exited;
    const answered = (await Promise.all(inFlight)).filter((a) => a === 'success').length;

    // Alipay retries every notify that was not answered "success" (here: all of them, twice).
    const second = await start();
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(bodies.map((b) => notify(second, b)));
      expect(answers).toEqual(bodies.map(() => 'success'));
    }

    const db = new DatabaseSync(file);
    try {
      const credits = db
        .prepare(
          "SELECT recharge_id, balance_delta FROM ledger_entries WHERE type = 'recharge' AND recharge_id IN (SELECT id FROM recharge_orders WHERE provider = 'alipay')",
        )
        .all() as { recharge_id: number; balance_delta: number }[];
      expect(credits).toHaveLength(ORDERS);
      expect(new Set(credits.map((c) => c.recharge_id)).size).toBe(ORDERS);
      expect(credits.reduce((sum, c) => sum + Number(c.balance_delta), 0)).toBe(total);
      const paid = db
        .prepare("SELECT COUNT(*) AS n FROM recharge_orders WHERE provider = 'alipay' AND state = 'paid'")
        .get() as {
        n: number;
      };
      expect(Number(paid.n)).toBe(ORDERS);
      const account = db.prepare('SELECT integral, frozen FROM accounts WHERE id = 1').get() as {
        integral: number;
        frozen: number;
      };
      expect(Number(account.integral)).toBe(opening + total);
      const sums = db
        .prepare(
          'SELECT SUM(balance_delta) AS b, SUM(frozen_delta) AS f FROM ledger_entries WHERE account_id = 1',
        )
        .get() as { b: number; f: number };
      expect([Number(sums.b), Number(sums.f)]).toEqual([Number(account.integral), Number(account.frozen)]);
      // For the record: how many notifies the first process had answered before it died.
      process.stdout.write(
        `notify crash: ${answered} of ${inFlight.length} copies answered before SIGKILL\n`,
      );
    } finally {
      db.close();
    }
  },
);
