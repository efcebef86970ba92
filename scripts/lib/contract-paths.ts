import { format } from 'prettier';

/** The two fields of an endpoint the PWA needs at run time (src/lib/api/client.ts reads no schema). */
export interface PathFields {
  path: string;
  tokenInQuery?: boolean;
}

export const GENERATED_PATHS_FILE = 'contract/endpoint-paths.generated.ts';

/**
 * contract/endpoint-paths.generated.ts from the contract's endpoints: one `{ path }` (and
 * `tokenInQuery: true` where the spec puts the token in the query) per endpoint, typed with the
 * definition it stands for (contract/endpoint.ts, EndpointRef), formatted as the repository is.
 */
export async function renderEndpointPaths(endpoints: Record<string, PathFields>): Promise<string> {
  const lines = Object.entries(endpoints).map(([name, e]) => {
    const fields = e.tokenInQuery
      ? `{ path: ${JSON.stringify(e.path)}, tokenInQuery: true }`
      : `{ path: ${JSON.stringify(e.path)} }`;
    return `  ${name}: ${fields},`;
  });
  const source = `// Generated from contract/endpoints.ts by \`npm run contract:paths\` (scripts/contract-paths.ts): do
// not edit. \`npm test\` fails when it is stale. The PWA imports its endpoints from here: paths only,
// so no zod schema is in its bundle, and its tests run this same file (decision 0053).
import type { EndpointRef } from './endpoint.ts';
import type { Endpoints } from './endpoints.ts';

export type EndpointPaths = { readonly [K in keyof Endpoints]: EndpointRef<Endpoints[K]> };

export const endpoints: EndpointPaths = {
${lines.join('\n')}
};
`;
  return format(source, { parser: 'typescript', singleQuote: true, printWidth: 110, trailingComma: 'all' });
}
