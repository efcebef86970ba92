// Values of contract/schemas/counter-customers.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** The languages a customer's messages and receipts come in. */
export const CUSTOMER_LANGS = ['zh', 'en', 'es'] as const;

export const CUSTOMER_NAME_MAX = 64;

export const CUSTOMER_NOTE_MAX = 500;

export const CUSTOMER_PHONES_MAX = 5;

export const CUSTOMER_TAGS_MAX = 10;
