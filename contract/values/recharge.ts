// Values of contract/schemas/recharge.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/**
 * created → paid (the provider's notify or a query said so; points credited once)
 * created → closed (an Admin cancelled it, or the provider closed it)
 * created → expired (unpaid at `expires_at`; set lazily the first time the order is read after it)
 */
export const RECHARGE_STATES = ['created', 'paid', 'closed', 'expired'] as const;
export type RechargeState = (typeof RECHARGE_STATES)[number];
