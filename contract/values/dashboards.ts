// Values of contract/schemas/dashboards.ts that the web app reads without its zod schemas (eslint.config.js,
// fromSchemas; issue 27): importing a schema module builds its schemas.

/** today, or the last 7 / 30 / 90 shop days including today. */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', '90d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
