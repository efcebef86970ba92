import { z } from 'zod';

/**
 * How an outside connection stands on this server (issue 24): a real provider is configured, the
 * sandbox answers (outside production only; its data is marked as such), or it is missing
 * (production without a real provider: the calls that need it answer a "not configured" errcode).
 */
export const CONNECTION_STATES = ['configured', 'sandbox', 'missing'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const connectionStatusOutput = z.object({
  /** Device checks: check orders and the ID-lock / network-lock monitors (CHECKS_NOT_CONFIGURED). */
  checks: z.enum(CONNECTION_STATES),
  /** Repair status: repair refreshes and repair monitors (REPAIRS_NOT_CONFIGURED). */
  repairs: z.enum(CONNECTION_STATES),
});
export type ConnectionStatus = z.output<typeof connectionStatusOutput>;
