import { sessionEndpoints } from './session-endpoints.ts';
import { teamEndpoints } from './team-endpoints.ts';
import { accountEndpoints } from './account-endpoints.ts';
import { walletEndpoints } from './wallet-endpoints.ts';
import { checksEndpoints } from './checks-endpoints.ts';
import { exportEndpoints } from './export-endpoints.ts';
import { templateKitEndpoints } from './template-kit-endpoints.ts';
import { dashboardEndpoints } from './dashboard-endpoints.ts';
import { repairEndpoints } from './repair-endpoints.ts';
import { outboxReplayEndpoints } from './outbox-replay-endpoints.ts';
import { counterEndpoints } from './counter-endpoints.ts';
import { connectionEndpoints } from './connection-endpoints.ts';

/**
 * Every endpoint of the API (spec section 7 plus the product's own), keyed by a stable name.
 * The server registers exactly these; the PWA calls them through its API client.
 * Each area defines its endpoints in its own *-endpoints.ts, gathered here. The PWA imports the
 * paths-only contract/endpoint-paths.generated.ts made from this file (`npm run contract:paths`), so
 * no zod schema is in its bundle; only its types come from here.
 */
export const endpoints = {
  ...sessionEndpoints,
  ...teamEndpoints,
  ...accountEndpoints,
  ...walletEndpoints,
  ...checksEndpoints,
  ...exportEndpoints,
  ...templateKitEndpoints,
  ...dashboardEndpoints,
  ...repairEndpoints,
  ...outboxReplayEndpoints,
  ...counterEndpoints,
  ...connectionEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
