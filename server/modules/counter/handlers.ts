import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { HandlerMap } from '#server/plugins/endpoints.ts';
import { customerDetail } from './customer-detail.ts';
import type { CustomerService } from './customer-service.ts';

/** The counter's endpoints (contract/counter-endpoints.ts): Editors and Admins alike. */
export function counterHandlers(deps: { db: Kysely<Database>; customers: CustomerService }): HandlerMap {
  const { db, customers } = deps;
  return {
    customerList: ({ user, input }) => customers.list(user, input),
    customerDetail: ({ user, input }) => customerDetail(db, customers, user.account_id, input.id),
    customerSave: ({ user, input }) => customers.save(user, input),
    customerMerge: ({ user, input }) => customers.merge(user, input),
  };
}
