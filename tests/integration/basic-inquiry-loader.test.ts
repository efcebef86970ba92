import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { setCurrentUser } from '#src/features/auth/session.ts';
import type { StoredUser } from '#src/lib/storage.ts';
import { checksKeys } from '#src/features/checks/api/keys.ts';
import { clearInquiryDrafts, updateInquiryDraft } from '#src/features/checks/model/inquiry-draft.ts';
import { Route } from '#src/routes/app/quiry/basicinquiry.tsx';

/**
 * The check page's route loader asks for the order list the page opens with, beside the page's code
 * (issue 27, the page budget: a new tab's last call was the list the page asked for once rendered).
 */
const user = { id: 7, uid: 7, title: 'admin' } as StoredUser;

/** Runs the route's loader over a query client; answers the order-list keys it asked for. */
async function listsAsked(deps: { created_from?: string; created_to?: string }): Promise<unknown[]> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { queryFn: () => new Promise(() => {}) } },
  });
  // The router's build may split the loader into its own chunk: then calling it loads that first.
  const loader = Route.options.loader as unknown as (args: unknown) => unknown;
  await loader({ context: { startDataLayer: () => Promise.resolve({ queryClient }) }, deps });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: checksKeys.orderList(1, '', null).slice(0, 2) })
    .map((q) => q.queryKey);
}

afterEach(() => {
  clearInquiryDrafts();
  setCurrentUser(null);
});

describe("the check page's loader", () => {
  it("asks for the order list at the kept draft's page and search", async () => {
    setCurrentUser(user);
    updateInquiryDraft(user.id, { page: 3, keyword: 'iphone' });
    expect(await listsAsked({})).toEqual([checksKeys.orderList(3, 'iphone', null)]);
  });

  it("asks for a figure's shop days from their first page", async () => {
    setCurrentUser(user);
    updateInquiryDraft(user.id, { page: 3 });
    const created = { from: '2026-11-01', to: '2026-11-07' };
    expect(await listsAsked({ created_from: created.from, created_to: created.to })).toEqual([
      checksKeys.orderList(1, '', created),
    ]);
  });
});
