// bench:dashboards' BENCH_EXPLAIN=1 (scripts/bench/dashboards.ts): the SELECT statements a call ran,
// kept by a Kysely plugin and explained once the call is timed, so the plans sit under its figures.
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import type { Db } from '#server/db/connect.ts';

/** Keeps the SELECT statements the server runs while `on`, to explain them after a call. */
export class StatementLog implements KyselyPlugin {
  on = false;
  readonly nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.on && args.node.kind === 'SelectQueryNode') this.nodes.push(args.node);
    return args.node;
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}

/** Prints each kept statement's plan: EXPLAIN ANALYZE on PostgreSQL, EXPLAIN QUERY PLAN on SQLite. */
export async function explain(handle: Db, log: StatementLog) {
  const executor = handle.db.getExecutor();
  for (const node of log.nodes.splice(0)) {
    const compiled = executor.compileQuery(node, { queryId: 'explain' } as never);
    const prefix = handle.dialect === 'postgres' ? 'EXPLAIN (ANALYZE, BUFFERS) ' : 'EXPLAIN QUERY PLAN ';
    const plan = await handle.db.executeQuery<Record<string, unknown>>({
      ...compiled,
      sql: prefix + compiled.sql,
    });
    console.log(`    ${compiled.sql.slice(0, 300)}  -- ${JSON.stringify(compiled.parameters).slice(0, 200)}`);
    for (const row of plan.rows)
      console.log(`      ${String(row['QUERY PLAN'] ?? row.detail ?? JSON.stringify(row))}`);
  }
}
