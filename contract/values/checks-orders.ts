// Values of contract/schemas/checks-orders.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

export const ORDER_TITLE_MAX = 60;

export const ORDER_REMARK_MAX = 500;
