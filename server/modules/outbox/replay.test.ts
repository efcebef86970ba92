import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';

const REPLAY = endpoints.outboxReplay.path;
const ADD = endpoints.addEmployee.path;
const EDIT = endpoints.editUser.path;

let s: TestServer;
let admin: string;

beforeEach(async () => {
  s = await createTestServer();
  admin = await s.session();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await s.close();
});

type Answers = { answers: { errcode: number; msg: string; datas: Record<string, unknown> | null }[] };

const add = (i: number, requestId = `rid_add_${i}`) => ({
  path: ADD,
  body: {
    username: `staff_${i}`,
    password: 'abcd1234',
    real_name: `员工${i}`,
    role: 1,
    request_id: requestId,
  },
});
const replay = (writes: unknown[], token = admin) => s.call<Answers>(REPLAY, { writes }, { token });
const countStaff = async () =>
  (
    await s.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', 'like', 'staff_%')
      .executeTakeFirstOrThrow()
  ).n;

describe('outbox batch replay (decision 0027)', () => {
  it('applies the writes in order, each with its own answer', async () => {
    const res = await replay([add(1), add(2), add(3)]);
    expect(res.errcode).toBe(0);
    expect(res.datas.answers.map((a) => a.errcode)).toEqual([0, 0, 0]);
    expect(res.datas.answers.map((a) => a.datas?.username)).toEqual(['staff_1', 'staff_2', 'staff_3']);
    const id = Number(res.datas.answers[0]!.datas!.user_id);
    // Order: the last of three edits of one row is the one that stays.
    const edits = ['一', '二', '三'].map((name, i) => ({
      path: EDIT,
      body: { user_id: id, real_name: `改${name}`, request_id: `rid_edit_${i}` },
    }));
    expect((await replay(edits)).datas.answers).toHaveLength(3);
    const row = await s.db
      .selectFrom('users')
      .select('real_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.real_name).toBe('改三');
  });

  it("tells the shop's devices once per batch that data changed, after its writes", async () => {
    const events: unknown[] = [];
    const to = s.io.to.bind(s.io);
    vi.spyOn(s.io, 'to').mockImplementation((room) => {
      const target = to(room);
      const emit = target.emit.bind(target);
      return Object.assign(Object.create(target) as typeof target, {
        emit: (event: string, ...args: unknown[]) => {
          if (event === 'data:changed') events.push({ room, args });
          return (emit as (e: string, ...a: unknown[]) => boolean)(event, ...args);
        },
      });
    });
    await replay([add(1), add(2), add(3)]);
    expect(events).toEqual([{ room: expect.stringMatching(/^account:/), args: [{ topics: ['team'] }] }]);
  });

  it('a batch sent again after its answer was lost applies each write once, with the same answers', async () => {
    const batch = [add(1), add(2), add(3)];
    const first = await replay(batch);
    const again = await replay(batch);
    expect(again.datas.answers).toEqual(first.datas.answers);
    expect(await countStaff()).toBe(3);
  });

  it('after a crash part-way (the first writes applied, no answer), the whole batch again applies the rest once', async () => {
    // The server applied the first two writes of a batch and died before answering.
    for (const write of [add(1), add(2)])
      expect((await s.call(write.path, write.body, { token: admin })).errcode).toBe(0);
    const res = await replay([add(1), add(2), add(3), add(4)]);
    expect(res.datas.answers.map((a) => a.errcode)).toEqual([0, 0, 0, 0]);
    expect(await countStaff()).toBe(4);
  });

  it('a refusal in the middle stops the batch there: the writes after it are not tried', async () => {
    const res = await replay([add(1), add(1, 'rid_dup_username'), add(3)]);
    const codes = res.datas.answers.map((a) => a.errcode);
    expect(codes).toHaveLength(2);
    expect(codes[0]).toBe(0);
    expect(codes[1]).not.toBe(0);
    expect(await countStaff()).toBe(1);
  });

  it('refuses to replay a write without request_id, a public endpoint or a batch, and stops there', async () => {
    const noId = { path: ADD, body: { username: 'staff_9', password: 'abcd1234', real_name: '九', role: 1 } };
    for (const write of [
      noId,
      { path: endpoints.login.path, body: { request_id: 'rid_login_1' } },
      { path: REPLAY, body: { writes: [add(5)], request_id: 'rid_nested' } },
      { path: '/api/nowhere/at_all', body: { request_id: 'rid_nowhere' } },
    ]) {
      const res = await replay([write, add(7)]);
      expect(res.datas.answers.map((a) => a.errcode)).toEqual([ErrCode.OUTBOX_WRITE_NOT_REPLAYABLE]);
    }
    expect(await countStaff()).toBe(0);
  });

  it("each write keeps its endpoint's body limit and input schema: the answers its own request gets", async () => {
    // Over edit_user's 1 MiB (the app's default), inside a batch under the batch's 4 MiB.
    const huge = {
      path: EDIT,
      body: { user_id: 1, real_name: 'x'.repeat(1100 * 1024), request_id: 'rid_huge' },
    };
    const alone = await s.call(huge.path, huge.body, { token: admin });
    expect(alone.errcode).toBe(ErrCode.BODY_TOO_LARGE);
    const res = await replay([huge, add(1)]);
    expect(res.datas.answers).toEqual([{ errcode: alone.errcode, msg: alone.msg, datas: null }]);

    const invalid = { path: ADD, body: { username: 'x', role: 9, request_id: 'rid_invalid' } };
    const direct = await s.call(
      invalid.path,
      { ...invalid.body, request_id: 'rid_invalid_alone' },
      { token: admin },
    );
    expect(direct.errcode).toBe(ErrCode.INVALID_INPUT);
    const batch = await replay([add(1), invalid, add(3)]);
    expect(batch.datas.answers).toEqual([
      expect.objectContaining({ errcode: 0 }),
      { errcode: direct.errcode, msg: direct.msg, datas: direct.datas },
    ]);
    expect(await countStaff()).toBe(1);
  });

  it('each write keeps its own access rule: an Editor cannot replay an Admin write', async () => {
    const editor = await s.session('editor');
    const res = await replay([add(1)], editor);
    expect(res.datas.answers.map((a) => a.errcode)).toEqual([ErrCode.FORBIDDEN]);
    expect(await countStaff()).toBe(0);
  });

  it('is for signed-in callers only', async () => {
    const res = await s.call(REPLAY, { writes: [add(1)] });
    expect(res.errcode).toBe(ErrCode.SESSION_EXPIRED);
  });
});
