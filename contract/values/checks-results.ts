// Values of contract/schemas/checks-results.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** Facts that can be unknown, yes or no (domain.md: tri-state values). */
export const TRI_STATES = ['unknown', 'yes', 'no'] as const;
export type TriState = (typeof TRI_STATES)[number];

export const WARRANTY_TYPES = [
  'applecare_plus',
  'limited',
  'out_of_warranty',
  'replaced',
  'not_activated',
  'purchase_not_verified',
  'loaner',
  'bad_serial',
] as const;
export type WarrantyType = (typeof WARRANTY_TYPES)[number];
