import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';

// A second shop with its own Admin calls every team and account endpoint against the first shop's
// users: nothing of the first shop shows in any answer, and none of its rows change.
let s: TestServer;
let other: string;
let firstIds: number[];
let firstAccountId: number;
const FIRST_SHOP_TEXT = ['演示维修店', '王店长', '李师傅', '"admin"', '"editor"', '13911112222'];

async function snapshot() {
  const users = await s.db
    .selectFrom('users')
    .selectAll()
    .where('account_id', '=', firstAccountId)
    .orderBy('id')
    .execute();
  const sessions = await s.db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', 'in', firstIds)
    .orderBy('id')
    .execute();
  const accounts = await s.db.selectFrom('accounts').selectAll().where('id', '=', firstAccountId).execute();
  const codes = await s.db.selectFrom('sms_codes').selectAll().where('user_id', 'in', firstIds).execute();
  return { users, sessions, accounts, codes };
}

beforeAll(async () => {
  s = await createTestServer();
  const first = await s.db.selectFrom('users').select(['id', 'account_id']).orderBy('id').execute();
  firstIds = first.map((u) => u.id);
  firstAccountId = first[0]!.account_id;
  await s.db
    .updateTable('users')
    .set({ phone_number: '13911112222' })
    .where('username', '=', 'editor')
    .execute();
  // Live sessions of the first shop, which must stay live.
  await s.session();
  await s.session('editor');
  other = (await addOtherShop(s, { integral: 5 })).token;
});
afterAll(async () => {
  await s.close();
});

describe('account isolation: the other shop’s Admin against the first shop', () => {
  it('leaks nothing and changes nothing', async () => {
    const before = await snapshot();
    const answers: string[] = [];
    const call = async (path: string, body: unknown) => {
      const res = await s.call(path, body, { token: other });
      answers.push(res.raw);
      return res;
    };

    for (const user_id of firstIds) {
      for (const change of [
        { real_name: '黑客' },
        { role: 1 },
        { role: 0 },
        { disabled: true },
        { disabled: false },
        { new_password: 'hacked2026' },
      ]) {
        const res = await call(endpoints.editUser.path, { user_id, ...change });
        expect(res.errcode, `${user_id} ${JSON.stringify(change)}`).toBe(ErrCode.EMPLOYEE_NOT_FOUND);
        expect(res.datas).toBeNull();
      }
    }

    for (const keyword of ['', 'admin', 'editor', '王', '李', '1391111']) {
      const res = await call(endpoints.employeeList.path, { keyword, page_size: 100 });
      expect(res.errcode).toBe(0);
      const list = (res.datas as unknown as { list: { user_id: number }[]; total: number }).list;
      expect(
        list.every((e) => !firstIds.includes(e.user_id)),
        keyword,
      ).toBe(true);
    }

    const center = await call(endpoints.userCenter.path, {});
    expect(center.datas).toMatchObject({ username: 'boss2', account_name: '隔壁手机店', integral: 5 });

    // The first shop's username and phone cannot be taken; the answer says only that.
    expect(
      (
        await call(endpoints.addEmployee.path, {
          username: 'editor',
          password: 'abcd1234',
          real_name: 'x',
          role: 1,
        })
      ).errcode,
    ).toBe(ErrCode.USERNAME_TAKEN);
    expect(
      (await call(endpoints.sendSms.path, { phone: '13911112222', purpose: 'binding_phone' })).errcode,
    ).toBe(ErrCode.PHONE_TAKEN);
    expect((await call(endpoints.bindingPhone.path, { phone: '13911112222', code: '123456' })).errcode).toBe(
      ErrCode.PHONE_TAKEN,
    );
    expect(
      (await call(endpoints.sendSms.path, { phone: '13911112222', purpose: 'edit_password' })).errcode,
    ).toBe(ErrCode.PHONE_NOT_BOUND);
    expect(
      (await call(endpoints.editPasswordSms.path, { code: '123456', new_password: 'hacked2026' })).errcode,
    ).toBe(ErrCode.PHONE_NOT_BOUND);
    expect(
      (await call(endpoints.editPassword.path, { old_password: 'repair2026', new_password: 'hacked2026' }))
        .errcode,
    ).toBe(0);
    // An employee added by the other shop lands in the other shop.
    const added = await call(endpoints.addEmployee.path, {
      username: 'tech2',
      password: 'abcd1234',
      real_name: '钱师傅',
      role: 1,
    });
    expect(added.errcode).toBe(0);
    const row = await s.db
      .selectFrom('users')
      .select('account_id')
      .where('username', '=', 'tech2')
      .executeTakeFirstOrThrow();
    expect(row.account_id).not.toBe(firstAccountId);

    for (const raw of answers) for (const text of FIRST_SHOP_TEXT) expect(raw).not.toContain(text);
    expect(await snapshot()).toEqual(before);
  });
});
