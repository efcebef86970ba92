// A child process for server/seed-history.test.ts: seeds the demo shop with its history into
// DATABASE_URL (already migrated) at SEED_NOW, and SIGKILLs itself the moment the history inserts its
// KILL_AT-th check order: a real crash in the middle of the seed, at a known point.
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { connectDb } from '#server/db/connect.ts';
import { seedDemo } from '#server/seed-demo.ts';

const killAt = Number(process.env.KILL_AT);
let orders = 0;
const killer: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'check_orders')
      if (++orders === killAt) process.kill(process.pid, 'SIGKILL');
    return node;
  },
  transformResult: async (args) => args.result,
};

const handle = connectDb(process.env.DATABASE_URL as string);
await seedDemo(
  { ...handle, db: handle.db.withPlugin(killer) },
  { history: true, now: Number(process.env.SEED_NOW) },
);
process.stdout.write('seeded without being killed\n');
await handle.db.destroy();
