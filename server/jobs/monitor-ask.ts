// Asks the providers about one watched device for the monitor scheduler: the repair-status provider
// for a tracked repair device, the check provider for an ID-lock or network-lock monitor. Submit and
// poll with short waits only.
import { parseRepairIds } from '#server/modules/repairs/device-rows.ts';
import type { CheckProvider, DeviceFacts } from '#server/providers/checks/provider.ts';
import type { RepairStatus, RepairStatusProvider } from '#server/providers/repairs/provider.ts';

type Submitted = { kind: 'accepted'; ticket: string; poll_after_ms: number } | { kind: 'busy' | 'failed' };
type Polled<T> = { kind: 'pending'; poll_after_ms: number } | { kind: 'failed' } | { kind: 'done'; found: T };

/** Submit and poll (short waits only: a slow answer is asked again next cycle). */
async function followShortly<T>(
  submitted: Submitted,
  poll: (ticket: string) => Promise<Polled<T>>,
): Promise<T | null> {
  if (submitted.kind !== 'accepted') return null;
  let wait = submitted.poll_after_ms;
  for (let i = 0; i < 10; i++) {
    if (wait > 5_000) return null;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const a = await poll(submitted.ticket);
    if (a.kind === 'done') return a.found;
    if (a.kind === 'failed') return null;
    wait = a.poll_after_ms;
  }
  return null;
}

/** The repair status of a tracked device, or null when the provider did not answer in time. */
export async function askRepair(
  repairs: RepairStatusProvider,
  d: {
    sn: string | null;
    imei: string | null;
    repair_ids: string;
    repair_since_ms: number | null;
    account_id?: number;
  },
): Promise<RepairStatus | null> {
  const submitted = await repairs.submit({
    sn: d.sn,
    imei: d.imei,
    repair_id: parseRepairIds(d.repair_ids).at(-1) ?? null,
    since_ms: d.repair_since_ms === null ? null : Number(d.repair_since_ms),
    attempt: 1,
    ...(d.account_id !== undefined ? { account_id: Number(d.account_id) } : {}),
  });
  return followShortly(submitted, async (ticket) => {
    const a = await repairs.poll(ticket);
    return a.kind === 'done' ? { kind: 'done', found: a.status } : a;
  });
}

/** The facts of a checked device, or null when the provider did not answer in time. */
export async function askCheck(
  checks: CheckProvider,
  service: 'id_monitor' | 'network_lock_monitor',
  d: { sn: string | null; imei: string | null },
): Promise<DeviceFacts | null> {
  const submitted = await checks.submit({ service, sn: d.sn, imei: d.imei, attempt: 1 });
  return followShortly(submitted, async (ticket) => {
    const a = await checks.poll(ticket);
    return a.kind === 'done' ? { kind: 'done', found: a.facts } : a;
  });
}
