// Names and remarks reach the server as sent: the contract refuses invisible characters with a clear
// message, on every endpoint that takes a name or remark, and nothing is written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrCode } from '#contract/errcodes.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { endpoints } from '#contract/endpoints.ts';
import { callEndpoint } from '#tests/setup/call-endpoint.ts';

let s: TestServer;
let admin: string;
beforeEach(async () => {
  s = await createTestServer();
  admin = await s.session();
});
afterEach(async () => {
  await s.close();
});

const employee = { username: 'li_lei', password: 'abcd1234', role: 1 as const };
const count = async () => (await s.db.selectFrom('users').select('id').execute()).length;

describe('names and remarks with invisible characters', () => {
  it.each([
    ['NUL', 'Li\u0000Lei'],
    ['ESC', 'Li\u001bLei'],
    ['bidi override', '\u202Eiel iL'],
    ['zero-width space', 'Li\u200bLei'],
    ['lone surrogate', 'Li\ud800Lei'],
  ])('add_employee refuses %s in real_name, field named, nothing written', async (_, realName) => {
    const before = await count();
    const res = await callEndpoint(
      s,
      endpoints.addEmployee,
      { ...employee, real_name: realName },
      { token: admin },
    );
    expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    const fields = (res.datas as unknown as { fields: Record<string, string> }).fields;
    expect(fields.real_name).toBe('real_name 含有控制字符、方向控制符或零宽字符，请删除后再试');
    expect(await count()).toBe(before);
  });

  it('a plain name is still accepted', async () => {
    const res = await callEndpoint(
      s,
      endpoints.addEmployee,
      { ...employee, real_name: '李雷' },
      { token: admin },
    );
    expect(res.errcode).toBe(0);
  });

  it('order_create refuses a bidi override in the title and NUL in the remark', async () => {
    const base = { identifiers: ['C39XK0AAHG7F'], service_ids: [1] };
    const title = await callEndpoint(
      s,
      endpoints.orderCreate,
      { ...base, title: 'a\u202eb' },
      { token: admin },
    );
    expect(title.errcode).toBe(ErrCode.INVALID_INPUT);
    expect(Object.keys((title.datas as unknown as { fields: object }).fields)).toEqual(['title']);
    const remark = await callEndpoint(
      s,
      endpoints.orderCreate,
      { ...base, title: 'ok', remark: 'x\u0000y' },
      { token: admin },
    );
    expect(Object.keys((remark.datas as unknown as { fields: object }).fields)).toEqual(['remark']);
  });

  // Issue 25: the template kit stored them.
  it.each([
    ['todo_add title', endpoints.todoAdd.path, { title: 'a\u202eb' }, 'title'],
    ['todo_add note', endpoints.todoAdd.path, { title: 'ok', note: 'x\u0000y' }, 'note'],
    ['todo_edit title', endpoints.todoEdit.path, { id: 1, title: 'x\u001b[31m' }, 'title'],
    ['todo_edit note', endpoints.todoEdit.path, { id: 1, note: 'x\ud800' }, 'note'],
    ['survey_add title', endpoints.surveyAdd.path, { title: '\u2066t', questions: ['q'] }, 'title'],
    [
      'survey_add question',
      endpoints.surveyAdd.path,
      { title: 't', questions: ['ok', 'q\u200b'] },
      'questions.1',
    ],
    ['chat_send text', endpoints.chatSend.path, { to_user_id: 2, text: 'hi\u0000' }, 'text'],
  ])('the template kit refuses them in %s, field named, nothing written', async (_, path, body, field) => {
    const rows = async () =>
      (await s.db.selectFrom('tk_todos').select('id').execute()).length +
      (await s.db.selectFrom('tk_surveys').select('id').execute()).length +
      (await s.db.selectFrom('tk_chat_messages').select('id').execute()).length;
    const before = await rows();
    const res = await s.call(path, body, { token: admin });
    expect(res.errcode).toBe(ErrCode.INVALID_INPUT);
    const fields = (res.datas as unknown as { fields: Record<string, string> }).fields;
    expect(fields[field]).toBe(`${field} 含有控制字符、方向控制符或零宽字符，请删除后再试`);
    expect(await rows()).toBe(before);
  });

  it('chat text keeps its line breaks; a plain todo is still accepted', async () => {
    expect(
      (await callEndpoint(s, endpoints.todoAdd, { title: '换屏', note: '两行\n备注' }, { token: admin }))
        .errcode,
    ).toBe(0);
    expect(
      (await callEndpoint(s, endpoints.chatSend, { to_user_id: 2, text: '第一行\n第二行' }, { token: admin }))
        .errcode,
    ).toBe(0);
  });
});
