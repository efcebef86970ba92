import type { RepairProgress } from '#contract/schemas/repairs.ts';

/**
 * The repair status machine (contract/schemas/repairs.ts REPAIR_PROGRESS). A repair only moves
 * forward along received → diagnosing → quote_pending → repairing → replaced | repaired →
 * shipped_back → completed; steps may be skipped (the provider was not asked for days); on_hold
 * can interrupt any step before shipping and is left for any step; not_found is only a first
 * answer (Apple does not know the repair yet) and is left for any step; completed is final.
 * A new repair id starts a new repair (from null). A provider answer outside these moves is not
 * recorded (the device keeps its status; the refresh says the answer was inconsistent).
 */
const RANK: Record<Exclude<RepairProgress, 'on_hold' | 'not_found'>, number> = {
  received: 1,
  diagnosing: 2,
  quote_pending: 3,
  repairing: 4,
  replaced: 5,
  repaired: 5,
  shipped_back: 6,
  completed: 7,
};

export function canMove(from: RepairProgress | null, to: RepairProgress): boolean {
  if (from === to) return false;
  if (from === null || from === 'not_found') return true;
  if (from === 'completed') return false;
  if (to === 'not_found') return false;
  if (to === 'on_hold') return RANK[from as keyof typeof RANK] <= RANK.repairing;
  if (from === 'on_hold') return true;
  return RANK[to] > RANK[from];
}
