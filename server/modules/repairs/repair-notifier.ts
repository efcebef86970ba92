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

/** Tells each account which of its devices (and their batches) changed: one message per account. */
export function tellDevicesChanged(
  notify: RepairNotifier,
  changed: readonly { account_id: number; device_id: number; batch_id: number }[],
): void {
  const byAccount = new Map<number, { devices: number[]; batches: Set<number> }>();
  for (const c of changed) {
    let e = byAccount.get(c.account_id);
    if (!e) byAccount.set(c.account_id, (e = { devices: [], batches: new Set() }));
    e.devices.push(c.device_id);
    e.batches.add(c.batch_id);
  }
  for (const [accountId, e] of byAccount) notify.devicesChanged(accountId, e.devices, [...e.batches]);
}
