import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import {
  PERSIST_MAX_ITEMS,
  persistOptions,
  shouldPersistQuery,
  wipePersistedQueries,
} from './query-persistence.ts';

// persist-client 5.104 types its QueryClient from its own query-core copy; the runtime is the same.
type PersistClient = Parameters<typeof persistQueryClientSave>[0]['queryClient'];
const asPersisted = (c: QueryClient) => c as unknown as PersistClient;

function clientWith(entries: [unknown[], unknown, { persist?: boolean }?][]) {
  const queryClient = new QueryClient();
  for (const [queryKey, data, meta] of entries) {
    queryClient.setQueryData(queryKey, data);
    if (meta) queryClient.getQueryCache().find({ queryKey })!.options.meta = meta;
  }
  return queryClient;
}

describe('the persisted query cache', () => {
  it("restores a user's own cache only, and nothing once wiped", async () => {
    let user: number | null = 1;
    const options = persistOptions(() => user);
    const source = clientWith([[['team', 'list', 1, ''], { list: ['a'] }]]);
    await persistQueryClientSave({ queryClient: asPersisted(source), ...options });

    const sameUser = new QueryClient();
    await persistQueryClientRestore({ queryClient: asPersisted(sameUser), ...options });
    expect(sameUser.getQueryData(['team', 'list', 1, ''])).toEqual({ list: ['a'] });

    user = 2;
    const otherUser = new QueryClient();
    await persistQueryClientRestore({ queryClient: asPersisted(otherUser), ...options });
    expect(otherUser.getQueryData(['team', 'list', 1, ''])).toBeUndefined();

    user = 1;
    await wipePersistedQueries();
    const afterWipe = new QueryClient();
    await persistQueryClientRestore({ queryClient: asPersisted(afterWipe), ...options });
    expect(afterWipe.getQueryData(['team', 'list', 1, ''])).toBeUndefined();
  });

  it('writes nothing while nobody is signed in', async () => {
    let user: number | null = null;
    const options = persistOptions(() => user);
    await persistQueryClientSave({ queryClient: asPersisted(clientWith([[['x'], 1]])), ...options });
    user = 1;
    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: asPersisted(restored), ...options });
    expect(restored.getQueryData(['x'])).toBeUndefined();
  });

  it('leaves out failed queries and those marked meta.persist = false', () => {
    expect(shouldPersistQuery({ state: { status: 'success' } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'error' } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: false } })).toBe(false);
  });

  it('leaves out an answer with more list items than it could ever keep', () => {
    const answer = (n: number) => ({
      errcode: 0,
      datas: { devices: Array.from({ length: n }, (_, i) => i) },
    });
    expect(shouldPersistQuery({ state: { status: 'success', data: answer(PERSIST_MAX_ITEMS) } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'success', data: answer(PERSIST_MAX_ITEMS + 1) } })).toBe(
      false,
    );
    expect(shouldPersistQuery({ state: { status: 'success', data: Array.from({ length: 20_000 }) } })).toBe(
      false,
    );
  });

  it('uses a cache version as buster and keeps data for weeks', () => {
    const options = persistOptions(() => 1);
    expect(options.buster).toBe('1');
    expect(options.maxAge).toBeGreaterThanOrEqual(14 * 24 * 3600_000);
  });
});
