import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { addOtherShop } from '#tests/setup/other-shop.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let admin: string;
let editor: string;
let stranger: string;
let editorId: number;

beforeAll(async () => {
  s = await createTestServer();
  admin = await s.session();
  editor = await s.session('editor');
  editorId = (
    await s.db.selectFrom('users').select('id').where('username', '=', 'editor').executeTakeFirstOrThrow()
  ).id;
  stranger = (await addOtherShop(s)).token;
});
afterAll(() => s.close());

describe('todo', () => {
  it('gives each new item the highest id plus one, per shop, and reuses nothing across shops', async () => {
    const a = await callEndpoint(s, endpoints.todoAdd, { title: '换 iPhone 12 屏幕' }, { token: admin });
    const b = await callEndpoint(s, endpoints.todoAdd, { title: '补货：电池' }, { token: editor });
    expect([a.errcode, b.errcode]).toEqual([0, 0]);
    expect([a.datas.id, b.datas.id]).toEqual([1, 2]);
    const other = await callEndpoint(s, endpoints.todoAdd, { title: 'x' }, { token: stranger });
    expect(other.datas.id).toBe(1);
    // Deleting the highest frees its id: the next one is again the highest plus one.
    expect((await callEndpoint(s, endpoints.todoDelete, { id: 2 }, { token: admin })).errcode).toBe(0);
    const c = await callEndpoint(s, endpoints.todoAdd, { title: '清点备件' }, { token: admin });
    expect(c.datas.id).toBe(2);
  });

  it('edits, completes and scopes every write to the shop', async () => {
    const done = await callEndpoint(
      s,
      endpoints.todoEdit,
      { id: 1, done: true, title: '换 iPhone 12 屏幕（已取件）' },
      { token: editor },
    );
    expect(done.datas).toMatchObject({ done: true, title: '换 iPhone 12 屏幕（已取件）' });
    // The other shop cannot see, change or delete it.
    const list = await callEndpoint(s, endpoints.todoList, {}, { token: stranger });
    expect(list.datas.list.map((t) => t.title)).toEqual(['x']);
    expect(
      (await callEndpoint(s, endpoints.todoEdit, { id: 2, done: true }, { token: stranger })).errcode,
    ).toBe(ErrCode.TODO_NOT_FOUND);
    const mine = await callEndpoint(s, endpoints.todoList, {}, { token: admin });
    expect(mine.datas.list.find((t) => t.id === 2)?.done).toBe(false);
    expect((await callEndpoint(s, endpoints.todoDelete, { id: 9 }, { token: admin })).errcode).toBe(
      ErrCode.TODO_NOT_FOUND,
    );
  });

  it('applies a replayed add once (request_id)', async () => {
    const body = { title: '离线添加', request_id: 'todo_replay_0001' };
    const first = await callEndpoint(s, endpoints.todoAdd, body, { token: admin });
    const again = await callEndpoint(s, endpoints.todoAdd, body, { token: admin });
    expect(again.datas.id).toBe(first.datas.id);
    const rows = await s.db.selectFrom('tk_todos').select('id').where('title', '=', '离线添加').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an empty title with INVALID_INPUT', async () => {
    expect((await callEndpoint(s, endpoints.todoAdd, { title: '  ' }, { token: admin })).errcode).toBe(
      ErrCode.INVALID_INPUT,
    );
  });
});

describe('survey', () => {
  it('adds, lists and opens surveys; an unknown id is SURVEY_NOT_FOUND', async () => {
    const added = await callEndpoint(
      s,
      endpoints.surveyAdd,
      { title: '维修满意度', questions: ['等待时间可以接受吗？', '会推荐给朋友吗？'] },
      { token: admin },
    );
    expect(added.datas).toMatchObject({ id: 1, questions: 2 });
    const detail = await callEndpoint(s, endpoints.surveyDetail, { id: 1 }, { token: editor });
    expect(detail.datas.question_list.map((q) => q.text)).toEqual([
      '等待时间可以接受吗？',
      '会推荐给朋友吗？',
    ]);
    expect((await callEndpoint(s, endpoints.surveyDetail, { id: 1 }, { token: stranger })).errcode).toBe(
      ErrCode.SURVEY_NOT_FOUND,
    );
    const status = await callEndpoint(
      s,
      endpoints.surveyStatus,
      { id: 1, status: 'active' },
      { token: admin },
    );
    expect(status.datas.status).toBe('active');
  });
});

describe('chat', () => {
  it('lists colleagues only, with search; sends within the shop; refuses other shops', async () => {
    const all = await callEndpoint(s, endpoints.chatContacts, {}, { token: admin });
    expect(all.datas.list.map((c) => c.username)).toEqual(['editor']);
    const none = await callEndpoint(s, endpoints.chatContacts, { search: '%' }, { token: admin });
    expect(none.datas.list).toEqual([]);
    const found = await callEndpoint(s, endpoints.chatContacts, { search: '李' }, { token: admin });
    expect(found.datas.list).toHaveLength(1);

    const sent = await callEndpoint(
      s,
      endpoints.chatSend,
      { to_user_id: editorId, text: '3 号台的 iPhone 修好了吗？' },
      { token: admin },
    );
    expect(sent.errcode).toBe(0);
    const reply = await callEndpoint(
      s,
      endpoints.chatSend,
      { to_user_id: 1, text: '修好了' },
      { token: editor },
    );
    expect(reply.errcode).toBe(0);
    const history = await callEndpoint(s, endpoints.chatMessages, { user_id: editorId }, { token: admin });
    expect(history.datas.list.map((m) => m.text)).toEqual(['3 号台的 iPhone 修好了吗？', '修好了']);
    const conversations = await callEndpoint(s, endpoints.chatConversations, {}, { token: editor });
    expect(conversations.datas.list.map((c) => c.last_message.text)).toEqual(['修好了']);

    expect(
      (await callEndpoint(s, endpoints.chatSend, { to_user_id: editorId, text: 'hi' }, { token: stranger }))
        .errcode,
    ).toBe(ErrCode.CHAT_CONTACT_UNKNOWN);
    const leak = await callEndpoint(s, endpoints.chatMessages, { user_id: editorId }, { token: stranger });
    expect(leak.datas.list).toEqual([]);
  });
});

describe('template-kit setting', () => {
  it('is changed by an Admin only', async () => {
    expect(
      (await callEndpoint(s, endpoints.templateKitSet, { hidden: true }, { token: editor })).errcode,
    ).toBe(ErrCode.FORBIDDEN);
    expect(
      (await callEndpoint(s, endpoints.templateKitSet, { hidden: true }, { token: admin })).errcode,
    ).toBe(0);
    const seen = await callEndpoint(s, endpoints.templateKitSettings, {}, { token: editor });
    expect(seen.datas.hidden).toBe(true);
    const other = await callEndpoint(s, endpoints.templateKitSettings, {}, { token: stranger });
    expect(other.datas.hidden).toBe(false);
  });
});

describe('demo mock API (GET, spec section 7)', () => {
  // GET mock routes of the spec, answering { status, data }: not contract endpoints, so raw paths.
  const get = async (path: string, token?: string) => {
    const res = await s.app.inject({ method: 'GET', url: path, headers: token ? { token } : {} });
    return { code: res.statusCode, body: res.json() as { status: boolean; data: unknown; errcode?: number } };
  };

  it('answers { status, data } from the shop data, with the token header', async () => {
    const todos = await get('/api/demo/todos', admin);
    expect(todos.body.status).toBe(true);
    expect((todos.body.data as { id: number }[]).length).toBeGreaterThan(1);
    const contacts = await get(`/api/demo/contacts?search=${encodeURIComponent('李')}`, admin);
    expect(contacts.body).toMatchObject({ status: true, data: [{ username: 'editor' }] });
    const conversations = await get('/api/demo/conversations', editor);
    expect((conversations.body.data as unknown[]).length).toBe(1);
    const surveys = await get('/api/demo/surveys', stranger);
    expect(surveys.body).toEqual({ status: true, data: [] });
  });

  it('refuses a call without a token', async () => {
    const res = await get('/api/demo/todos');
    expect(res.code).toBe(401);
    expect(res.body).toMatchObject({ status: false, data: null, errcode: ErrCode.SESSION_EXPIRED });
  });
});
