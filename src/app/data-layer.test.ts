import { describe, expect, it } from 'vitest';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { QueryClient } from '@tanstack/react-query';
import { logout, setCurrentUser } from '#src/features/auth/session.ts';
import { setToken, type StoredUser } from '#src/lib/storage.ts';
import {
  getInquiryDraft,
  updateInquiryDraft,
  EMPTY_DRAFT,
} from '#src/features/checks/model/inquiry-draft.ts';
import { startDataLayer } from './data-layer.ts';
import { persistOptions } from './query-persistence.ts';

// persist-client 5.104 types its QueryClient from its own query-core copy; the runtime is the same.
type PersistClient = Parameters<typeof persistQueryClientSave>[0]['queryClient'];

const user: StoredUser = {
  uid: 7,
  id: 7,
  title: 'boss',
  img: '',
  vip_end_time: 0,
  integral: 0,
  openid: '',
  phone_number: '',
  role: 1,
  account_name: 'boss',
};

describe('the data layer (decision 0025)', () => {
  it("restores the signed-in user's persisted cache before queries run, then keeps writing it", async () => {
    const saved = new QueryClient();
    saved.setQueryData(['team', 'list'], { list: ['a'] });
    await persistQueryClientSave({
      queryClient: saved as unknown as PersistClient,
      ...persistOptions(() => 7),
    });
    setToken('t');
    setCurrentUser(user);

    const layer = startDataLayer();
    expect(layer.isRestoring()).toBe(true);
    await new Promise<void>((resolve) => layer.subscribeRestoring(resolve));
    expect(layer.isRestoring()).toBe(false);
    expect(layer.queryClient.getQueryData(['team', 'list'])).toEqual({ list: ['a'] });
    expect(performance.getEntriesByName('repairops:cache-restored')).toHaveLength(1);
  });

  it('clears the query cache and the inquiry draft at logout', async () => {
    setToken('t');
    setCurrentUser(user);
    const layer = startDataLayer();
    layer.queryClient.setQueryData(['something'], 42);
    updateInquiryDraft(7, { title: 'Batch 8' });
    await logout({ revoke: false });
    expect(layer.queryClient.getQueryData(['something'])).toBeUndefined();
    // The check page's kept-alive draft too.
    expect(getInquiryDraft(7)).toBe(EMPTY_DRAFT);
  });
});
