// The request_id of every write (server/http/idempotency.ts).

/** A write's request_id and its first answer: a replay gets the same answer (architecture: "The API"). */
export interface RequestKeysTable {
  account_id: number;
  request_id: string;
  path: string;
  /** pending: claimed; written: the write's transaction committed (answer may be lost in a crash); done. */
  state: 'pending' | 'written' | 'done';
  /** The envelope answered first, as JSON; null while pending. */
  answer: string | null;
  created_at: number;
  /** sha256 of the path and the parsed input without request_id; null on keys older than 0012. */
  fingerprint: string | null;
  /** Who holds the pending key, and until when; a retry takes an expired lease over. */
  lock_token: string | null;
  locked_until: number | null;
}
