import type { ServerConfig } from '#server/config.ts';
import type { Db } from '#server/db/connect.ts';
import { describePayment } from '#server/providers/payment/index.ts';
import { describeWechat } from '#server/providers/wechat/index.ts';
import type { ConnectionReport } from './connection.ts';
import { describeChecks } from '#server/providers/checks/index.ts';
import { describeRepairs } from '#server/providers/repairs/index.ts';
import { describeSms } from '#server/providers/sms/index.ts';
import { describeDatabase, describeExports, describeTesseract } from './local-describers.ts';

export type { ConnectionReport, ConnectionState } from './connection.ts';

/** What a describer may use: the running server's database (a start), or nothing (the doctor). */
export interface PreflightContext {
  db?: Db;
}

export type Describer = (
  config: ServerConfig,
  ctx: PreflightContext,
) => ConnectionReport | Promise<ConnectionReport>;

/**
 * Every outside connection, in the order the doctor prints them. A connection's describer lives with
 * its adapter (server/providers/<name>/index.ts) and says what its selection function picks.
 */
export const PROVIDER_DESCRIBERS: readonly Describer[] = [
  describeChecks,
  describeRepairs,
  describeSms,
  describeWechat,
  describePayment,
];

/** This machine's part: the same whatever NODE_ENV says. */
export const MACHINE_DESCRIBERS: readonly Describer[] = [
  (config, ctx) => describeDatabase(config, ctx.db),
  describeExports,
  describeTesseract,
];

export const DESCRIBERS: readonly Describer[] = [...PROVIDER_DESCRIBERS, ...MACHINE_DESCRIBERS];

export async function runPreflight(
  config: ServerConfig,
  ctx: PreflightContext = {},
  describers: readonly Describer[] = DESCRIBERS,
): Promise<ConnectionReport[]> {
  return Promise.all(describers.map(async (d) => d(config, ctx)));
}

/** One aligned line per connection: `name  state  detail`. */
export function formatReports(reports: readonly ConnectionReport[]): string[] {
  const width = Math.max(...reports.map((r) => r.name.length));
  return reports.map((r) => `${r.name.padEnd(width)}  ${r.state.padEnd(10)}  ${r.detail}`);
}

/** The production start's log: one line per connection, warn for a missing one (no secrets: details never hold any). */
export function logPreflight(
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  reports: readonly ConnectionReport[],
): void {
  for (const r of reports) {
    const line = { preflight: { connection: r.name, state: r.state } };
    const text = `preflight ${r.name}: ${r.state}, ${r.detail}`;
    if (r.state === 'configured') log.info(line, text);
    else log.warn(line, text);
  }
}
