import { defineEndpoint } from './endpoint.ts';
import { emptyInput } from './schemas/common.ts';
import { connectionStatusOutput } from './schemas/connections.ts';

/** The state of the server's outside connections, for the screens that need them (issue 24). */
export const connectionEndpoints = {
  connectionStatus: defineEndpoint({
    path: '/api/system/connection_status',
    access: 'user',
    input: emptyInput,
    output: connectionStatusOutput,
    summary:
      'Whether device checks and repair status have a real provider, the sandbox, or none (production: their calls are refused).',
  }),
} as const;
