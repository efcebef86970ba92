// Values of contract/schemas/common.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

export const PAGE_SIZE_MAX = 100;
