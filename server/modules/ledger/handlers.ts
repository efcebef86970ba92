import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { LedgerPageRepository } from './ledger-page.ts';
import { LedgerRepository } from './ledger-repository.ts';

/** The point record: the account's ledger, paged, with its balance and frozen points. */
export function ledgerHandlers(deps: { db: Kysely<Database> }): HandlerMap {
  const ledger = new LedgerRepository(deps.db);
  const entries = new LedgerPageRepository(deps.db);
  return {
    pointRecord: async ({ user, input }) => {
      const [page, balances] = await Promise.all([
        entries.page(user.account_id, input),
        ledger.balances(user.account_id),
      ]);
      return { ...page, balance: balances.integral, frozen: balances.frozen };
    },
  };
}
