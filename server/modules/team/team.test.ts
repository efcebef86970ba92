import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { ErrCode } from '#contract/errcodes.ts';
import { SOCKET_PATH, type ServerToClientEvents } from '#contract/realtime.ts';
import { employeeListOutput, employeeRow } from '#contract/schemas/team.ts';
import { verifyPassword } from '#server/lib/secrets.ts';
import type { AuthUser } from '#server/modules/auth/session-service.ts';
import { TeamService } from './team-service.ts';
import { TEST_START, createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

const ADD = endpoints.addEmployee.path;
const EDIT = endpoints.editUser.path;
const LIST = endpoints.employeeList.path;
const GET_USER = endpoints.getUser.path;

let s: TestServer;
let admin: string;

beforeEach(async () => {
  s = await createTestServer();
  admin = await s.session();
});
afterEach(async () => {
  await s.close();
});

const idOf = async (username: string) =>
  (await s.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

const newEmployee = {
  username: 'li_lei',
  password: 'abcd1234',
  real_name: '李雷',
  role: 1,
  phone_number: '13812345678',
};

describe('add_employee', () => {
  it("adds an employee to the caller's account, password hashed, and answers its row", async () => {
    const res = await s.call(ADD, newEmployee, { token: admin });
    expect(res.errcode).toBe(0);
    const row = employeeRow.strict().parse(res.datas);
    expect(row).toMatchObject({
      username: 'li_lei',
      real_name: '李雷',
      role: 1,
      // Masked as the personal center masks it (issue 27); stored in full.
      phone_number: '138****5678',
      disabled: false,
      wx_bound: false,
      created_at: Math.floor(TEST_START / 1000),
      last_login_at: 0,
    });
    const stored = await s.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const me = await s.db
      .selectFrom('users')
      .select('account_id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(stored.account_id).toBe(me.account_id);
    expect(stored.password_hash).not.toContain('abcd1234');
    expect(await verifyPassword('abcd1234', stored.password_hash)).toBe(true);
    // The new employee can sign in.
    expect(await s.login('li_lei', 'abcd1234')).toMatch(/^[\w-]{43}$/);
  });

  it('USERNAME_TAKEN for a username used anywhere, whatever its case', async () => {
    for (const username of ['editor', 'EDITOR', 'Admin']) {
      const res = await s.call(ADD, { ...newEmployee, username, phone_number: undefined }, { token: admin });
      expect(res.errcode, username).toBe(ErrCode.USERNAME_TAKEN);
      expect(res.msg).toBe('用户名已被使用');
    }
  });

  it('PHONE_TAKEN for a phone bound to another user', async () => {
    await s.db
      .updateTable('users')
      .set({ phone_number: '13812345678' })
      .where('username', '=', 'editor')
      .execute();
    expect((await s.call(ADD, newEmployee, { token: admin })).errcode).toBe(ErrCode.PHONE_TAKEN);
  });

  it('INVALID_INPUT for a weak password or a bad username', async () => {
    expect((await s.call(ADD, { ...newEmployee, password: 'short' }, { token: admin })).errcode).toBe(
      ErrCode.INVALID_INPUT,
    );
    expect((await s.call(ADD, { ...newEmployee, username: '-x' }, { token: admin })).errcode).toBe(
      ErrCode.INVALID_INPUT,
    );
  });
});

describe('edit_user', () => {
  it('changes real name and role and answers the row', async () => {
    const id = await idOf('editor');
    const res = await s.call(EDIT, { user_id: id, real_name: '李大师', role: 0 }, { token: admin });
    expect(res.errcode).toBe(0);
    expect(employeeRow.parse(res.datas)).toMatchObject({ user_id: id, real_name: '李大师', role: 0 });
    // The role is read on every call: the editor is an Admin at once, without signing in again.
    const editor = await s.session('editor');
    expect((await s.call(LIST, {}, { token: editor })).errcode).toBe(0);
  });

  it('EMPLOYEE_NOT_FOUND for an unknown user_id', async () => {
    const res = await s.call(EDIT, { user_id: 99999, real_name: 'x' }, { token: admin });
    expect(res.errcode).toBe(ErrCode.EMPLOYEE_NOT_FOUND);
  });

  it('CANNOT_CHANGE_SELF: an Admin cannot disable or demote itself', async () => {
    const me = await idOf('admin');
    for (const change of [{ disabled: true }, { role: 1 }]) {
      const res = await s.call(EDIT, { user_id: me, ...change }, { token: admin });
      expect(res.errcode, JSON.stringify(change)).toBe(ErrCode.CANNOT_CHANGE_SELF);
    }
    // Its own name is fine.
    expect((await s.call(EDIT, { user_id: me, real_name: '王老板' }, { token: admin })).errcode).toBe(0);
    const row = await s.db.selectFrom('users').selectAll().where('id', '=', me).executeTakeFirstOrThrow();
    expect([row.disabled, row.role, row.real_name]).toEqual([0, 0, '王老板']);
  });

  it('LAST_ADMIN: the account keeps an enabled Admin (service level: through the API the caller is one)', async () => {
    const team = new TeamService({
      db: s.db,
      clock: s.clock,
      notify: { sessionEnded: () => {}, userChanged: () => {}, dataChanged: () => {} },
    });
    const adminId = await idOf('admin');
    const me = await s.db
      .selectFrom('users')
      .select('account_id')
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    // An actor that is not the Admin itself (a support tool, say): the last Admin still stays.
    const actor = { user_id: -1, account_id: me.account_id } as AuthUser;
    for (const change of [{ disabled: true }, { role: 1 as const }]) {
      await expect(team.edit(actor, { user_id: adminId, ...change })).rejects.toMatchObject({
        errcode: ErrCode.LAST_ADMIN,
      });
    }
    // With a second enabled Admin it is allowed.
    await s.db.updateTable('users').set({ role: 0 }).where('username', '=', 'editor').execute();
    await expect(team.edit(actor, { user_id: adminId, role: 1 })).resolves.toMatchObject({ role: 1 });
  });

  it('disabling signs the employee out at once (1002) and ends their socket session', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const editor = await s.session('editor');
    const code = (await callEndpoint(s, endpoints.getWsAuthCode, {}, { token: editor })).datas.code;
    const socket: Socket<ServerToClientEvents> = connectClient(`http://127.0.0.1:${address.port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { auth_info: code, source: 'erp' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      const ended = new Promise((resolve) => socket.on('session:ended', resolve));
      const res = await s.call(EDIT, { user_id: await idOf('editor'), disabled: true }, { token: admin });
      expect(res.errcode).toBe(0);
      expect(res.datas).toMatchObject({ disabled: true });
      expect(await ended).toEqual({ reason: 'disabled' });
      expect((await s.call(GET_USER, {}, { token: editor })).errcode).toBe(ErrCode.SESSION_EXPIRED);
      const live = await s.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', await idOf('editor'))
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      // Enabled again, the old token stays dead; a new sign-in works.
      await s.call(EDIT, { user_id: await idOf('editor'), disabled: false }, { token: admin });
      expect((await s.call(GET_USER, {}, { token: editor })).errcode).toBe(ErrCode.SESSION_EXPIRED);
      expect((await s.call(GET_USER, {}, { token: await s.session('editor') })).errcode).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('a password reset signs the employee out everywhere; the new password works', async () => {
    const editor = await s.session('editor');
    const res = await s.call(
      EDIT,
      { user_id: await idOf('editor'), new_password: 'fresh2026x' },
      { token: admin },
    );
    expect(res.errcode).toBe(0);
    expect((await s.call(GET_USER, {}, { token: editor })).errcode).toBe(ErrCode.SESSION_EXPIRED);
    expect(await s.login('editor', 'fresh2026x')).toBeTruthy();
    // The Admin's own session is untouched.
    expect((await s.call(GET_USER, {}, { token: admin })).errcode).toBe(0);
  });
});

describe('employee_list', () => {
  it("pages the account's employees, newest first, with the total", async () => {
    for (let i = 0; i < 5; i++) {
      s.clock.advance(1000);
      const r = await s.call(
        ADD,
        { username: `tech${i}`, password: 'abcd1234', real_name: `师傅${i}`, role: 1 },
        { token: admin },
      );
      expect(r.errcode).toBe(0);
    }
    const page1 = employeeListOutput.parse(
      (await s.call(LIST, { page: 1, page_size: 3 }, { token: admin })).datas,
    );
    expect(page1.total).toBe(7);
    expect(page1.list.map((e) => e.username)).toEqual(['tech4', 'tech3', 'tech2']);
    const page3 = employeeListOutput.parse(
      (await s.call(LIST, { page: 3, page_size: 3 }, { token: admin })).datas,
    );
    expect(page3.list).toHaveLength(1);
    expect(JSON.stringify(page1)).not.toMatch(/password|openid/);
  });

  it('filters by keyword on username, real name or phone; % and _ match themselves', async () => {
    await s.db
      .updateTable('users')
      .set({ phone_number: '13912345678' })
      .where('username', '=', 'editor')
      .execute();
    const names = async (keyword: string) =>
      employeeListOutput
        .parse((await s.call(LIST, { keyword }, { token: admin })).datas)
        .list.map((e) => e.username)
        .sort();
    expect(await names('EDIT')).toEqual(['editor']);
    expect(await names('王店')).toEqual(['admin']);
    expect(await names('1391234')).toEqual(['editor']);
    const rows = employeeListOutput.parse((await s.call(LIST, { keyword: '' }, { token: admin })).datas).list;
    expect(rows.find((e) => e.username === 'editor')?.phone_number).toBe('139****5678');
    expect(await names('')).toEqual(['admin', 'editor']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });
});
