import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { endpoints } from '#contract/endpoints.ts';
import { ErrCode } from '#contract/errcodes.ts';
import { configureApiClient } from '#src/lib/api/client.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import {
  callOrQueue,
  configureOutbox,
  discardItem,
  getOutboxSnapshot,
  isQueued,
  recoverOutbox,
  refreshOutbox,
  replayOutbox,
} from '#src/lib/offline/outbox.ts';
import { deleteItems, loadItems, saveItem } from '#src/lib/offline/outbox-store.ts';
import { currentTestServer, mswServer } from '#tests/setup/web.ts';

let token: string | null = null;
let userId: number | null = null;
let offline = false;
const notices: string[] = [];
const onReplayed = vi.fn();
const onSessionExpired = vi.fn();

async function signIn(username: string) {
  const s = currentTestServer();
  token = await s.login(username, 'repair2026');
  userId = (await s.call<{ user_id: number }>('/api/user/get_user', {}, { token })).datas.user_id;
}

async function employeeId(username: string): Promise<number> {
  const row = await currentTestServer()
    .db.selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

const realName = async (username: string) =>
  (
    await currentTestServer()
      .db.selectFrom('users')
      .select('real_name')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).real_name;

beforeEach(async () => {
  await deleteItems((await loadItems()).map((item) => item.id));
  offline = false;
  notices.length = 0;
  onReplayed.mockReset();
  onSessionExpired.mockReset();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
  configureApiClient({
    notify: (_kind, message) => notices.push(message),
    getToken: () => token,
    onSessionExpired,
  });
  configureOutbox({
    currentUserId: () => userId,
    notify: (_kind, message) => notices.push(message),
    onReplayed,
  });
  await signIn('admin');
  await refreshOutbox();
});

afterEach(() => vi.restoreAllMocks());

describe('the outbox', () => {
  it('sends at once when online and the queue is empty', async () => {
    const editor = await employeeId('editor');
    const answer = await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '在线' });
    expect(isQueued(answer)).toBe(false);
    expect(await realName('editor')).toBe('在线');
    expect(await loadItems()).toEqual([]);
  });

  it('queues offline writes (warning the user), replays them in order once, with their request_id', async () => {
    const editor = await employeeId('editor');
    offline = true;
    const first = await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '第一' });
    const second = await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '第二' });
    expect(isQueued(first) && isQueued(second)).toBe(true);
    expect(notices).toContain('请检查网络状态');
    expect(getOutboxSnapshot().map((item) => item.body.real_name)).toEqual(['第一', '第二']);
    expect(await realName('editor')).toBe('李师傅');

    // Replayed together, in order, in one batch (decision 0027).
    const seen: string[] = [];
    mswServer.events.on('request:start', ({ request }) => {
      if (request.url.includes('outbox/replay'))
        void request
          .clone()
          .json()
          .then((b: { writes: { path: string; body: { real_name: string } }[] }) =>
            seen.push(...b.writes.map((w) => `${w.path} ${w.body.real_name}`)),
          );
    });
    offline = false;
    expect(await replayOutbox()).toBe('empty');
    expect(seen).toEqual(['/api/admin/edit_user 第一', '/api/admin/edit_user 第二']);
    expect(await realName('editor')).toBe('第二');
    expect(getOutboxSnapshot()).toEqual([]);
    expect(onReplayed).toHaveBeenCalledTimes(1);
    const keys = await currentTestServer()
      .db.selectFrom('request_keys')
      .select(['request_id', 'state'])
      .execute();
    expect(keys.map((k) => k.request_id).sort()).toEqual(
      [first, second].map((q) => (q as { id: string }).id).sort(),
    );
    expect(keys.every((k) => k.state === 'done')).toBe(true);
  });

  it('the network coming back while a run is under way starts another run after it', async () => {
    const editor = await employeeId('editor');
    offline = true;
    await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '回来了' });
    expect(await replayOutbox()).toBe('offline');

    // The next run reads "offline"; right then the network comes back and asks for a replay, while
    // that run is still finishing.
    let askedMeanwhile: Promise<unknown> | null = null;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => {
      if (!offline) return true;
      offline = false;
      queueMicrotask(() => (askedMeanwhile = replayOutbox()));
      return false;
    });
    expect(await replayOutbox()).toBe('offline');
    expect(await askedMeanwhile).toBe('empty');
    expect(await realName('editor')).toBe('回来了');
  });

  it('a write whose answer was lost is sent again with the same request_id and applied once', async () => {
    const editor = await employeeId('editor');
    // The server applies the write but the answer never reaches the PWA.
    let lose = true;
    mswServer.use(
      http.post('*/api/admin/edit_user', async ({ request }) => {
        if (!lose) return undefined;
        lose = false;
        const s = currentTestServer();
        await s.call('/api/admin/edit_user', await request.json(), { token: token! });
        return HttpResponse.error();
      }),
    );
    const queued = await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '丢失的回答' });
    expect(isQueued(queued)).toBe(true);
    expect((await loadItems())[0]!.state).toBe('failed-transport');
    await saveItem({ ...(await loadItems())[0]!, next_attempt_at: 0 });
    expect(await replayOutbox()).toBe('empty');
    const keys = await currentTestServer().db.selectFrom('request_keys').selectAll().execute();
    expect(keys).toHaveLength(1);
    expect(await realName('editor')).toBe('丢失的回答');
  });

  it('stops at a refusal, shows it, and goes on once the user discards it', async () => {
    const editor = await employeeId('editor');
    offline = true;
    // The Admin cannot disable itself: the server refuses this one.
    await callOrQueue(endpoints.editUser, { user_id: userId!, disabled: true });
    await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '之后' });
    offline = false;
    expect(await replayOutbox()).toBe('blocked');
    const [refused, waiting] = getOutboxSnapshot();
    expect(refused!.state).toBe('refused');
    expect(refused!.last_error).toBeTruthy();
    expect(waiting!.state).toBe('queued');
    expect(await realName('editor')).toBe('李师傅');

    await discardItem(refused!.id);
    await vi.waitFor(async () => expect(await realName('editor')).toBe('之后'));
    await vi.waitFor(() => expect(getOutboxSnapshot()).toEqual([]));
  });

  it('replays a long queue in batches: few round trips, each write once, in order (decision 0027)', async () => {
    const editor = await employeeId('editor');
    const batches: number[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/outbox/replay'))
        void request
          .clone()
          .json()
          .then((body: { writes: unknown[] }) => batches.push(body.writes.length));
    };
    mswServer.events.on('request:start', onRequest);
    offline = true;
    for (let i = 0; i < 230; i++)
      await callOrQueue(endpoints.editUser, { user_id: editor, real_name: `第${i}` });
    offline = false;
    expect(await replayOutbox()).toBe('empty');
    mswServer.events.removeListener('request:start', onRequest);
    expect(batches).toEqual([100, 100, 30]);
    expect(await realName('editor')).toBe('第229');
    const keys = await currentTestServer().db.selectFrom('request_keys').select('state').execute();
    expect(keys).toHaveLength(230);
    expect(onReplayed).toHaveBeenCalledOnce();
  });

  it('a write discarded in another tab while a run is under way is not sent (the run reads its queue again)', async () => {
    const editor = await employeeId('editor');
    offline = true;
    for (let i = 0; i < 230; i++)
      await callOrQueue(endpoints.editUser, { user_id: editor, real_name: `第${i}` });
    const discarded = (await loadItems())[150]!;
    // While the first batch is out, another tab discards a write of the second.
    let first = true;
    mswServer.use(
      http.post('*/api/outbox/replay', async () => {
        if (first) await deleteItems([discarded.id]);
        first = false;
        return undefined;
      }),
    );
    offline = false;
    expect(await replayOutbox()).toBe('empty');
    const keys = await currentTestServer().db.selectFrom('request_keys').select('request_id').execute();
    expect(keys).toHaveLength(229);
    expect(keys.map((k) => k.request_id)).not.toContain(discarded.id);
    expect(await realName('editor')).toBe('第229');
  });

  it('a refusal in the middle of a batch: the writes before it are applied, it and those after wait', async () => {
    const editor = await employeeId('editor');
    offline = true;
    await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '之前' });
    // The Admin cannot disable itself: the server refuses this one.
    await callOrQueue(endpoints.editUser, { user_id: userId!, disabled: true });
    await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '之后' });
    offline = false;
    expect(await replayOutbox()).toBe('blocked');
    expect(await realName('editor')).toBe('之前');
    expect(getOutboxSnapshot().map((item) => item.state)).toEqual(['refused', 'queued']);
  });

  it('keeps the writes through a session expiry (1002) for the same user only', async () => {
    const editor = await employeeId('editor');
    offline = true;
    await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '过期后' });
    // The session ends (1002), the outbox stays.
    await currentTestServer().db.updateTable('sessions').set({ revoked_at: Date.now() }).execute();
    offline = false;
    expect(await replayOutbox()).toBe('signed-out');
    expect(onSessionExpired).toHaveBeenCalled();
    expect((await loadItems()).map((item) => item.state)).toEqual(['queued']);

    // Another user signs in on the device: sees and replays nothing of it.
    const adminId = userId;
    await signIn('editor');
    await refreshOutbox();
    expect(getOutboxSnapshot()).toEqual([]);
    expect(await replayOutbox()).toBe('empty');
    expect(await loadItems()).toHaveLength(1);

    // The same user again: replayed.
    await signIn('admin');
    expect(userId).toBe(adminId);
    expect(await replayOutbox()).toBe('empty');
    expect(await realName('editor')).toBe('过期后');
  });

  it('a write left "sending" by a crash goes back to the queue at start', async () => {
    const editor = await employeeId('editor');
    offline = true;
    await callOrQueue(endpoints.editUser, { user_id: editor, real_name: '崩溃' });
    const [item] = await loadItems();
    await saveItem({ ...item!, state: 'sending' });
    await recoverOutbox();
    expect(getOutboxSnapshot()[0]!.state).toBe('queued');
  });

  it('never stores a password on the device: such a write fails offline instead of waiting', async () => {
    const editor = await employeeId('editor');
    offline = true;
    await expect(
      callOrQueue(endpoints.editUser, { user_id: editor, new_password: 'abcd1234efgh' }),
    ).rejects.not.toBeInstanceOf(ApiError);
    expect(await loadItems()).toEqual([]);
  });
});

describe('the outbox against a server without the batch endpoint (decision 0027: one by one)', () => {
  // An older back end: POST /api/outbox/replay answers 1020, so each write goes to its own endpoint.
  let direct = 0;
  const countDirect = ({ request }: { request: Request }) => {
    if (request.url.endsWith('/api/admin/edit_user')) direct++;
  };
  beforeEach(() => {
    direct = 0;
    mswServer.events.on('request:start', countDirect);
    mswServer.use(
      http.post('*/api/outbox/replay', () =>
        HttpResponse.json({ errcode: ErrCode.NOT_IMPLEMENTED, msg: 'not implemented', datas: null }),
      ),
    );
  });
  afterEach(() => mswServer.events.removeListener('request:start', countDirect));

  async function queueOffline(...inputs: { user_id: number; real_name?: string; disabled?: boolean }[]) {
    offline = true;
    for (const input of inputs) await callOrQueue(endpoints.editUser, input);
    offline = false;
  }

  it('sends each write through its own endpoint, in order, once', async () => {
    const editor = await employeeId('editor');
    await queueOffline({ user_id: editor, real_name: '一' }, { user_id: editor, real_name: '二' });
    expect(await replayOutbox()).toBe('empty');
    expect(direct).toBe(2);
    expect(await realName('editor')).toBe('二');
    const keys = await currentTestServer().db.selectFrom('request_keys').select('state').execute();
    expect(keys.map((k) => k.state)).toEqual(['done', 'done']);
    expect(onReplayed).toHaveBeenCalledOnce();
  });

  it('a refusal stops the queue at that write, with the server message, one try counted', async () => {
    const editor = await employeeId('editor');
    // The Admin cannot disable itself: the server refuses this one.
    await queueOffline({ user_id: userId!, disabled: true }, { user_id: editor, real_name: '之后' });
    expect(await replayOutbox()).toBe('blocked');
    const [refused, waiting] = await loadItems();
    expect([refused!.state, refused!.attempts, waiting!.state, waiting!.attempts]).toEqual([
      'refused',
      1,
      'queued',
      0,
    ]);
    expect(refused!.last_error).toBeTruthy();
    expect(await realName('editor')).toBe('李师傅');
  });

  it('a session expiry (1002) keeps the write queued, its tries as they were', async () => {
    const editor = await employeeId('editor');
    await queueOffline({ user_id: editor, real_name: '过期后' });
    await currentTestServer().db.updateTable('sessions').set({ revoked_at: Date.now() }).execute();
    expect(await replayOutbox()).toBe('signed-out');
    expect(onSessionExpired).toHaveBeenCalled();
    expect((await loadItems()).map((item) => [item.state, item.attempts])).toEqual([['queued', 0]]);
  });

  it('a transport failure backs the write off and waits', async () => {
    const editor = await employeeId('editor');
    await queueOffline({ user_id: editor, real_name: '断线' });
    mswServer.use(http.post('*/api/admin/edit_user', () => HttpResponse.error()));
    const before = Date.now();
    expect(await replayOutbox()).toBe('waiting');
    const [item] = await loadItems();
    expect([item!.state, item!.attempts]).toEqual(['failed-transport', 1]);
    expect(item!.next_attempt_at).toBeGreaterThanOrEqual(before + 1000);
    // Leaves the queue empty for the retry the replay scheduled.
    await discardItem(item!.id);
  });
});
