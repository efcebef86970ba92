// Values of contract/schemas/counter-tickets.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** The intake checklist: what the shop saw when it took the phone in (the customer signs it). */
export const CONDITION_PARTS = ['screen', 'housing', 'buttons', 'cameras', 'biometrics', 'liquid'] as const;

export const TICKET_DEVICES_MAX = 10;

/** A device's model as the counter types it ("iPhone 15 Pro Max 256GB"). */
export const TICKET_MODEL_MAX = 60;

export const TICKET_FAULT_MAX = 500;

export const TICKET_NOTE_MAX = 500;
