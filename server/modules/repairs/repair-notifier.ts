import type { NoticeOut } from './apply-status.ts';

/** Who hears about tracked devices: the account's sockets (wired in app.ts). Called after commit. */
export interface RepairNotifier {
  devicesChanged(accountId: number, deviceIds: number[], batchIds: number[]): void;
  refreshProgress(
    accountId: number,
    payload: { refresh_id: number; total: number; done: number; failed: number },
  ): void;
  notice(n: NoticeOut | CheckNoticeOut): void;
  /** New refresh jobs: the runner should claim now. */
  jobsAdded(): void;
}

export interface CheckNoticeOut {
  id: number;
  account_id: number;
  kind: 'id_lock' | 'network_lock';
  device_id: null;
  ident: string;
  field: string;
  from: string | null;
  to: string | null;
  customer_name: string;
  created_at: number;
}
