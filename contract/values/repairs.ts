// Values of contract/schemas/repairs.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** An Apple repair id: one letter of A G R D N and nine digits. A device may have several. */
export const REPAIR_ID_RE = /^[AGRDN]\d{9}$/;

/**
 * Repair progress of the device's current repair order (its last repair id), in the order a repair
 * walks: received → diagnosing → quote_pending (a quote waits for the customer's payment until
 * `quote_deadline`) → repairing → replaced | repaired → shipped_back → completed. `on_hold` can
 * interrupt any open step; `not_found`: Apple knows no such repair (yet). The server records only
 * moves the status machine allows (server/modules/repairs/status-machine.ts).
 */
export const REPAIR_PROGRESS = [
  'received',
  'diagnosing',
  'quote_pending',
  'repairing',
  'replaced',
  'repaired',
  'shipped_back',
  'completed',
  'on_hold',
  'not_found',
] as const;

export type RepairProgress = (typeof REPAIR_PROGRESS)[number];

/**
 * The shop's own logistics badge, changed by hand (spec: order badges): to_receive (the customer's
 * device is on its way to the shop), not_stored (arrived, not put away), stored, no_storage (no
 * storage needed), to_ship (back from Apple, to send to the customer). Allowed moves: BADGE_MOVES.
 */
export const LOGISTICS_BADGES = ['to_receive', 'to_ship', 'not_stored', 'stored', 'no_storage'] as const;

export type LogisticsBadge = (typeof LOGISTICS_BADGES)[number];

export const BADGE_MOVES: Record<LogisticsBadge, readonly LogisticsBadge[]> = {
  to_receive: ['not_stored', 'stored', 'no_storage'],
  not_stored: ['stored', 'no_storage', 'to_ship', 'to_receive'],
  stored: ['to_ship', 'not_stored'],
  no_storage: ['to_ship', 'not_stored'],
  to_ship: ['stored', 'not_stored'],
};

export const CUSTOMER_NAME_MAX = 40;

export const CUSTOMER_NOTE_MAX = 500;

export const TRACKING_MAX = 40;

/** Points per device for one status refresh, hundredths (monitor re-checks are included in VIP). */
export const REPAIR_REFRESH_PRICE = 20;
