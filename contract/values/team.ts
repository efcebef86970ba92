// Values of contract/schemas/team.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** Limits for employee fields, shared by the forms and the server. */
export const USERNAME_MIN = 3;

/** Letters, digits and `_ . @ -`, starting with a letter or digit (a phone number is a fine username). */
export const USERNAME_RE = /^[A-Za-z0-9][A-Za-z0-9_.@-]*$/;

export const REAL_NAME_MAX = 32;
