// Values of contract/schemas/search.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

export const SEARCH_HITS_PER_KIND = 5;
