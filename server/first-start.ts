import type { Db } from './db/connect.ts';
import { AccountRepository } from './modules/account/repository.ts';
import { seedDemo, type DemoSeed } from './seed-demo.ts';

export interface FirstStart {
  /** What the demo seed did; null in production, where it never runs. */
  demo: DemoSeed | null;
  /** Whether any user exists now: a production start without one says how to create the first Admin. */
  hasUsers: boolean;
}

/**
 * What a start does to the database before it serves (server/index.ts and start:cluster): outside
 * production the demo shop on an empty database, as always; in production nothing at all. A shop put
 * in front of customers must not come with a known password or invented history: its first shop and
 * Admin are made by `npm run create-admin` (decision 0041).
 */
export async function firstStart(
  handle: Db,
  opts: { production: boolean; history: boolean },
): Promise<FirstStart> {
  const demo = opts.production ? null : await seedDemo(handle, { history: opts.history });
  const hasUsers = await new AccountRepository(handle.db).anyUser();
  return { demo, hasUsers };
}
