import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Role } from '#contract/roles.ts';
import { verifyPassword } from '#server/lib/secrets.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { CreateAdminRefused, createShopAdmin } from './create-admin-service.ts';

let s: TestServer;
beforeEach(async () => {
  s = await createTestServer();
});
afterEach(async () => {
  await s.close();
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CreateAdminRefused);
  return err as CreateAdminRefused;
};

describe('create-admin (the first shop and Admin of a production server)', () => {
  it('makes a new shop and its Admin, who signs in; nothing else of the shop exists', async () => {
    const made = await createShopAdmin(
      s.db,
      { username: 'owner', password: 'Counter2026x', shop: '老王手机维修', phone: '13700137000' },
      1_000,
    );
    const user = await s.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', made.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      account_id: made.accountId,
      role: Role.Admin,
      real_name: 'owner',
      disabled: 0,
    });
    expect(user.phone_number).toBe('13700137000');
    expect(await verifyPassword('Counter2026x', user.password_hash)).toBe(true);
    const account = await s.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', made.accountId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ name: '老王手机维修', integral: 0 });
    await expect(s.login('owner', 'Counter2026x')).resolves.toBeTruthy();
  });

  it('refuses a username of any shop (any case), a phone bound to another user, and the password policy', async () => {
    expect(
      (await refusal(createShopAdmin(s.db, { username: 'ADMIN', password: 'Counter2026x', shop: 'x' }, 1)))
        .field,
    ).toBe('username');
    await createShopAdmin(
      s.db,
      { username: 'first', password: 'Counter2026x', shop: 'x', phone: '13700137001' },
      1,
    );
    const phone = await refusal(
      createShopAdmin(
        s.db,
        { username: 'second', password: 'Counter2026x', shop: 'y', phone: '13700137001' },
        1,
      ),
    );
    expect(phone.field).toBe('phone');
    expect(
      (await refusal(createShopAdmin(s.db, { username: 'third', password: 'onlyletters', shop: 'z' }, 1)))
        .field,
    ).toBe('password');
    expect(
      (await refusal(createShopAdmin(s.db, { username: 'fourth', password: 'Counter2026x', shop: ' ' }, 1)))
        .field,
    ).toBe('shop');
    const names = await s.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', ['second', 'third', 'fourth'])
      .execute();
    expect(names).toEqual([]);
  });

  it('a second run makes a second shop: one server may host several', async () => {
    const a = await createShopAdmin(s.db, { username: 'shop_a', password: 'Counter2026x', shop: 'A' }, 1);
    const b = await createShopAdmin(s.db, { username: 'shop_b', password: 'Counter2026x', shop: 'B' }, 1);
    expect(b.accountId).not.toBe(a.accountId);
  });
});
