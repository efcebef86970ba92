// `npm run bench:notify`: payment notifies through the real route on SQLite: each one's RSA2
// signature verified, checked against its recharge order, and credited (guarded state change + ledger
// entry in one transaction), then a duplicate of each acknowledged without a second credit. Prints
// notifies per second, one at a time and 50 at once. The orders are written straight into the
// database (the provider's precreate is not what is measured).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { RECHARGE_DEFAULTS } from '#server/payment-config.ts';
import { RechargeRepository, newOrderNo } from '#server/modules/wallet/recharge-repository.ts';
import { alipayTimestamp, notifySignContent, rsa2Sign } from '#server/providers/payment/alipay-sign.ts';
import { fenToYuan } from '#server/providers/payment/provider.ts';
import { benchServer } from './bench-server.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const APP_ID = '2021000000000001';
const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = keys();
const alipay = keys();

const server = await benchServer({
  config: {
    payment: {
      provider: 'alipay',
      recharge: RECHARGE_DEFAULTS,
      notifyBase: 'https://bench.example.com',
      alipay: {
        appId: APP_ID,
        privateKey: app.privateKey,
        alipayPublicKey: alipay.publicKey,
        gateway: 'http://127.0.0.1:9/gateway.do',
        sellerId: '',
        mode: 'precreate',
      },
    },
  },
});

async function makeNotifies(n: number): Promise<string[]> {
  const repo = new RechargeRepository(server.handle.db);
  const now = Date.now();
  const bodies: string[] = [];
  for (let i = 0; i < n; i++) {
    const orderNo = newOrderNo(now);
    const amount = 100 + (i % 5000);
    await repo.insert({
      orderNo,
      accountId: 1,
      userId: 1,
      provider: 'alipay',
      amount,
      points: amount,
      requestId: null,
      at: now,
      expiresAt: now + 3600_000,
    });
    const fields: Record<string, string> = {
      notify_time: alipayTimestamp(now),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(12).toString('hex'),
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: `2026${randomBytes(10).toString('hex')}`,
      out_trade_no: orderNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: fenToYuan(amount),
      gmt_payment: alipayTimestamp(now),
    };
    bodies.push(
      new URLSearchParams({
        ...fields,
        sign: rsa2Sign(notifySignContent(fields), alipay.privateKey),
      }).toString(),
    );
  }
  return bodies;
}

const send = async (body: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
  if (res.body !== 'success') throw new Error(`notify answered ${res.statusCode} ${res.body}`);
};

async function measure(label: string, bodies: string[], parallel: number) {
  const t0 = performance.now();
  for (let i = 0; i < bodies.length; i += parallel)
    await Promise.all(bodies.slice(i, i + parallel).map(send));
  const ms = performance.now() - t0;
  process.stdout.write(
    `${label}: ${bodies.length} in ${ms.toFixed(0)} ms = ${Math.round((bodies.length * 1000) / ms)}/s\n`,
  );
}

try {
  const sequential = await makeNotifies(ORDERS);
  const concurrent = await makeNotifies(ORDERS);
  await measure('notify, first delivery, one at a time', sequential, 1);
  await measure('notify, first delivery, 50 at once', concurrent, 50);
  await measure('notify, duplicates, 50 at once', [...sequential, ...concurrent], 50);
  const credits = await server.handle.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'recharge')
    .executeTakeFirstOrThrow();
  process.stdout.write(`recharge ledger entries: ${credits.n} (expected ${2 * ORDERS})\n`);
  if (Number(credits.n) !== 2 * ORDERS) process.exitCode = 1;
} finally {
  await server.close();
}
