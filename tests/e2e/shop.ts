import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { connectDb } from '#server/db/connect.ts';
import { LedgerRepository } from '#server/modules/ledger/ledger-repository.ts';
import { serverInfoFile } from './db.ts';

/**
 * A shop of its own for a test that spends points: the e2e server's database lives for the whole
 * run, and other specs expect the demo shop's 1000.00 untouched. The shop signs up through the API
 * (phone proven by the sandbox SMS inbox); its opening points are then given through the server's
 * own ledger code, as the demo seed gives them (there is no endpoint that grants points).
 */
export async function newShopWithPoints(
  page: Page,
  request: APIRequestContext,
  points: number,
  /** Where the server wrote its database path (a spec running a server of its own names its file). */
  serverInfo = serverInfoFile(),
) {
  const run = String(Date.now()).slice(-7) + String(Math.floor(Math.random() * 10));
  const phone = `139${run}`;
  const username = `chk_${run}`;
  // Each new shop signs up from an address of its own (the e2e server trusts X-Forwarded-For,
  // scripts/e2e-server.ts): a spec file making several shops must not meet the 10 sign-ups an
  // address may make an hour, which the other specs of its worker's server then hit.
  const from = {
    'x-forwarded-for': `10.${Number(run.slice(0, 2))}.${Number(run.slice(2, 4))}.${Number(run.slice(4, 6))}`,
  };
  const sms = await (
    await request.post('/api/user/sendsms', { data: { phone, purpose: 'register' }, headers: from })
  ).json();
  if (sms.errcode !== 0) throw new Error(`sendsms: ${sms.msg}`);
  const html = await (await request.get('/sandbox/sms')).text();
  const code = html
    .split('<tr>')
    .find((row) => row.includes(phone))
    ?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS for ${phone}`);
  const signup = await (
    await request.post('/api/login/register', {
      headers: from,
      data: {
        shop_name: `检测店 ${run}`,
        full_name: '检测员',
        username,
        email: `${username}@example.com`,
        password: 'shop2026ok',
        phone,
        code,
      },
    })
  ).json();
  if (signup.errcode !== 0) throw new Error(`register: ${signup.msg}`);

  const { database } = JSON.parse(readFileSync(serverInfo, 'utf8')) as {
    database: string;
  };
  const { db } = connectDb(database);
  try {
    // The account is read before the transaction, so the transaction's first statement is its
    // write: a SQLite transaction that reads first holds a snapshot, and when the server commits
    // meanwhile, its upgrade to a write fails at once with "database is locked" (the busy timeout
    // does not apply to a stale snapshot). Seen in a full e2e run.
    const user = await db
      .selectFrom('users')
      .select('account_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await new LedgerRepository(trx).opening(user.account_id, points, Date.now());
    });
  } finally {
    await db.destroy();
  }
  const token = signup.datas.token as string;
  await page.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, token);
  return { token, username };
}
