import type { Generated } from 'kysely';

// Result exports: the jobs, their periodic chores (one process runs each) and the key that signs
// download links.

export interface ExportJobsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  order_id: number;
  file_name: string;
  /** JSON array of column ids. */
  columns: string;
  /** JSON ResultFilter. */
  filter: string;
  lang: string;
  state: 'pending' | 'running' | 'done' | 'failed' | 'expired';
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until_ms: number | null;
  progress: Generated<number>;
  rows: Generated<number>;
  size: number | null;
  file_key: string | null;
  error: string | null;
  created_ms: number;
  finished_ms: number | null;
  expires_ms: number | null;
}

export interface ExportChoresTable {
  name: string;
  next_run_ms: number;
  owner: string | null;
}

export interface ExportLinkKeysTable {
  id: number;
  secret: string;
}
