import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { RequestKeys, fenceKeyedWrites, fingerprintOf } from './idempotency.ts';

const ADD = endpoints.addEmployee.path;
const employee = (username: string, request_id: string) => ({
  username,
  password: 'shop2026ok',
  real_name: '测试',
  role: 1,
  request_id,
});

let s: TestServer;
let admin: string;
beforeEach(async () => {
  s = await createTestServer();
  admin = await s.session('admin');
});
afterEach(() => s.close());

const countUsers = async (username: string) =>
  (await s.db.selectFrom('users').select('id').where('username', '=', username).execute()).length;

describe('request_id: a replayed write is applied once and gets the first answer', () => {
  it('a replay answers the first answer and writes nothing', async () => {
    const first = await s.call(ADD, employee('zhao6', 'req-add-zhao6-1'), { token: admin });
    expect(first.errcode).toBe(0);
    const replay = await s.call(ADD, employee('zhao6', 'req-add-zhao6-1'), { token: admin });
    expect(replay.raw).toBe(first.raw);
    expect(await countUsers('zhao6')).toBe(1);
  });

  it('a refused write replays its refusal', async () => {
    const first = await s.call(ADD, employee('editor', 'req-add-editor-1'), { token: admin });
    expect(first.errcode).toBe(ErrCode.USERNAME_TAKEN);
    const replay = await s.call(ADD, employee('editor', 'req-add-editor-1'), { token: admin });
    expect(replay.errcode).toBe(ErrCode.USERNAME_TAKEN);
    expect(replay.status).toBe(first.status);
  });

  it('concurrent copies run the write once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => s.call(ADD, employee('qian7', 'req-add-qian7-1'), { token: admin })),
    );
    expect(await countUsers('qian7')).toBe(1);
    expect(answers.filter((a) => a.errcode === 0).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.errcode === 0 || a.errcode === ErrCode.PENDING)).toBe(true);
  });

  it('the same request_id on another call is refused', async () => {
    await s.call(ADD, employee('sun8', 'req-shared-1'), { token: admin });
    const other = await s.call(
      endpoints.editPassword.path,
      { old_password: 'repair2026', new_password: 'abcd1234x', request_id: 'req-shared-1' },
      { token: admin },
    );
    expect(other.errcode).toBe(ErrCode.REQUEST_ID_REUSED);
    expect(other.status).toBe(422);
    expect(other.datas).toEqual({ fields: { request_id: expect.any(String) } });
  });

  it('the same request_id with another body is refused, not answered with the first answer', async () => {
    const first = await s.call(ADD, employee('sun8', 'req-body-1'), { token: admin });
    expect(first.errcode).toBe(0);
    const other = await s.call(ADD, employee('sun9', 'req-body-1'), { token: admin });
    expect(other.errcode).toBe(ErrCode.REQUEST_ID_REUSED);
    expect(other.msg).toBe('request_id 已用于另一个请求，请换一个 request_id');
    expect(await countUsers('sun9')).toBe(0);
    // The same body in another key order is the same call: replayed.
    const { request_id, ...rest } = employee('sun8', 'req-body-1');
    const reordered = Object.fromEntries(Object.entries({ ...rest, request_id }).reverse());
    expect((await s.call(ADD, reordered, { token: admin })).raw).toBe(first.raw);
  });

  it('request_ids are per account: another shop may use the same one', async () => {
    const account = await s.db
      .insertInto('accounts')
      .values({ name: 'Other shop', vip_end_time: 0, integral: 0, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const adminRow = await s.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('users')
      .values({
        account_id: account.id,
        username: 'other_admin',
        password_hash: adminRow.password_hash,
        real_name: 'Other',
        avatar: '',
        role: 0,
        phone_number: '',
        wx_openid: '',
        disabled: 0,
        created_at: Date.now(),
        last_login_at: null,
      })
      .execute();
    const otherAdmin = await s.session('other_admin');
    expect((await s.call(ADD, employee('li9', 'req-same'), { token: admin })).errcode).toBe(0);
    expect((await s.call(ADD, employee('zhou9', 'req-same'), { token: otherAdmin })).errcode).toBe(0);
    expect(await countUsers('zhou9')).toBe(1);
  });

  it('a key left pending by a holder that died is taken over once its lease ran out, and runs once', async () => {
    // What a SIGKILL between the claim and the write leaves behind (tests/crash/request-key.test.ts
    // does it for real): a pending key whose holder never comes back.
    const accountId = (
      await s.db
        .selectFrom('users')
        .select('account_id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).account_id;
    const body = employee('zheng11', 'req-dead-holder');
    await s.db
      .insertInto('request_keys')
      .values({
        account_id: accountId,
        request_id: 'req-dead-holder',
        path: ADD,
        state: 'pending',
        answer: null,
        created_at: s.clock.now(),
        fingerprint: fingerprintOf(ADD, { ...body, phone_number: undefined }),
        lock_token: 'dead-process',
        locked_until: s.clock.now() + 15_000,
      })
      .execute();
    // While the lease runs, a retry is silent (the holder might still answer).
    expect((await s.call(ADD, body, { token: admin })).errcode).toBe(ErrCode.PENDING);
    s.clock.advance(15_001);
    const retry = await s.call(ADD, body, { token: admin });
    expect(retry.errcode).toBe(0);
    expect(await countUsers('zheng11')).toBe(1);
    expect((await s.call(ADD, body, { token: admin })).raw).toBe(retry.raw);
  });

  it("a holder whose lease was taken over cannot commit its write (fenced in the write's transaction)", async () => {
    const keys = new RequestKeys(s.db, s.clock, 1000);
    const db = fenceKeyedWrites(s.db);
    const first = await keys.claim(1, 'req-fenced-1', ADD, 'fp');
    expect(first.kind).toBe('first');
    s.clock.advance(1001);
    const second = await keys.claim(1, 'req-fenced-1', ADD, 'fp');
    expect(second.kind).toBe('first');
    const write = (token: string, name: string) =>
      keys.hold(1, 'req-fenced-1', token, () =>
        db
          .transaction()
          .execute((trx) => trx.updateTable('accounts').set({ name }).where('id', '=', 1).execute()),
      );
    if (first.kind !== 'first' || second.kind !== 'first') throw new Error('unreachable');
    await expect(write(first.lockToken, 'stale holder')).rejects.toMatchObject({ errcode: ErrCode.PENDING });
    await write(second.lockToken, 'new holder');
    const name = await s.db
      .selectFrom('accounts')
      .select('name')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('new holder');
    // Written but its answer lost (the holder crashed after commit): a late retry is told it is done.
    s.clock.advance(1001);
    const late = await keys.claim(1, 'req-fenced-1', ADD, 'fp');
    expect(late).toMatchObject({ kind: 'replay', answer: { errcode: ErrCode.ALREADY_DONE } });
  });

  it('keeps the answer under the account and request_id, done', async () => {
    expect((await s.call(ADD, employee('wu10', 'req-wu10'), { token: admin })).errcode).toBe(0);
    const rows = await s.db.selectFrom('request_keys').select(['request_id', 'path', 'state']).execute();
    expect(rows).toEqual([{ request_id: 'req-wu10', path: ADD, state: 'done' }]);
  });
});
