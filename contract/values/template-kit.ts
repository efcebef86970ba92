// Values of contract/schemas/template-kit.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/**
 * The template kit's two staff applications (todo, chat) and its survey demo, kept on the server per
 * account (docs/decisions/0023-template-kit.md). Ids of todo and survey items are per account and
 * assigned as the highest existing id plus one (spec section 3).
 */
export const TODO_TITLE_MAX = 120;

export const CHAT_TEXT_MAX = 2000;

export const SURVEY_TITLE_MAX = 120;
