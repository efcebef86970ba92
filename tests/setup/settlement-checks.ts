// The exactly-once and balance checks of a database after device-check orders ran (crash, cluster
// and backup tests), in SQL both SQLite and PostgreSQL run. Each count is 0 when all is well.
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export interface Settlement {
  /** Jobs not finished, or finished without their money settled. */
  unfinished: number;
  /** Jobs without exactly one settle or refund entry in the ledger. */
  notOnce: number;
  /** Successes refunded or failures settled. */
  wrongKind: number;
  /** Accounts whose balance or frozen points differ from the sums of their ledger entries. */
  unbalanced: number;
  /** Accounts with points still frozen. */
  frozen: number;
  /** Orders whose settled and refunded points do not add up to the price. */
  ordersOff: number;
  /** How many jobs there are (to tell "nothing ran" from "all fine"). */
  jobs: number;
}

export async function settlement(query: Query): Promise<Settlement> {
  const count = async (sql: string) => Number(Object.values((await query(sql))[0] ?? { n: 0 })[0] ?? 0);
  return {
    unfinished: await count(
      `SELECT count(*) AS n FROM check_jobs WHERE state NOT IN ('success','failed') OR settled <> 1`,
    ),
    notOnce: await count(
      `SELECT count(*) AS n FROM check_jobs j
       WHERE (SELECT count(*) FROM ledger_entries l WHERE l.job_id = j.id AND l.type IN ('settle','refund')) <> 1`,
    ),
    wrongKind: await count(
      `SELECT count(*) AS n FROM check_jobs j JOIN ledger_entries l ON l.job_id = j.id
       WHERE l.type IN ('settle','refund') AND ((j.state = 'success' AND j.reused = 0) <> (l.type = 'settle'))`,
    ),
    unbalanced: await count(
      `SELECT count(*) AS n FROM accounts a WHERE
         a.integral <> (SELECT coalesce(sum(balance_delta), 0) FROM ledger_entries l WHERE l.account_id = a.id)
         OR a.frozen <> (SELECT coalesce(sum(frozen_delta), 0) FROM ledger_entries l WHERE l.account_id = a.id)`,
    ),
    frozen: await count(`SELECT count(*) AS n FROM accounts WHERE frozen <> 0`),
    ordersOff: await count(`SELECT count(*) AS n FROM check_orders WHERE settled + refunded <> price`),
    jobs: await count(`SELECT count(*) AS n FROM check_jobs`),
  };
}

/** What a finished, balanced database of `jobs` jobs answers. */
export const balanced = (jobs: number): Settlement => ({
  unfinished: 0,
  notOnce: 0,
  wrongKind: 0,
  unbalanced: 0,
  frozen: 0,
  ordersOff: 0,
  jobs,
});
