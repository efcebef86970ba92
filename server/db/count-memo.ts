import { CompiledQuery, sql, SqliteAdapter, type Kysely } from 'kysely';

/** Counts kept at most (one per account and filter recently asked): a bounded map, never a leak. */
export const COUNT_MEMO_SIZE = 256;

/**
 * Remembers list totals while the SQLite database has not changed. A list page's COUNT(*) over an
 * account's 100,000 devices walks 100,000 index entries (milliseconds of synchronous work on the
 * event loop, as node:sqlite runs on the main thread); at 1,000 list requests/s that alone saturates
 * the process, requests queue and the queue is what fills memory. SQLite tells us cheaply whether
 * anything changed: `total_changes()` counts this connection's writes (the server's one connection)
 * and `data_version` moves when another connection commits; a count is reused only while both are
 * unchanged, so it is never stale. PostgreSQL counts on its own pool without blocking the event
 * loop and has no such cheap version: there every count runs (`version` answers null).
 */
export class CountMemo {
  private readonly entries = new Map<string, { version: string; n: number }>();
  private readonly size: number;
  private readonly version: () => Promise<string | null>;

  constructor(version: () => Promise<string | null>, size = COUNT_MEMO_SIZE) {
    this.version = version;
    this.size = size;
  }

  /** The memo of a Kysely handle: SQLite's change counters, or none on PostgreSQL. */
  static forDb(db: Kysely<never>): CountMemo {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter))
      return new CountMemo(() => Promise.resolve(null));
    // Asked on every list request: compiled once.
    const { sql: text } =
      sql`SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v`.compile(db);
    return new CountMemo(async () => {
      const { rows } = await db.executeQuery<{ c: number; v: number }>(CompiledQuery.raw(text, []));
      return `${rows[0]!.c}:${rows[0]!.v}`;
    });
  }

  get entryCount(): number {
    return this.entries.size;
  }

  /** The count for `key`, from the memo while the database is unchanged, else from `count()`. */
  async count(key: string, count: () => Promise<number>): Promise<number> {
    const version = await this.version();
    if (version === null) return count();
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      // Most recently used last: the first entry is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.n;
    }
    const n = await count();
    // Only a count taken with nothing written in between is kept.
    if ((await this.version()) === version) {
      this.entries.delete(key);
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { version, n });
    }
    return n;
  }
}
