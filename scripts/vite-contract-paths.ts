import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The PWA calls an endpoint by its path (src/lib/api/client.ts reads `path` and `tokenInQuery`, never
 * a schema): in its build, contract/endpoints.ts becomes those two fields per endpoint, computed from
 * the real contract at build time. The real module builds every zod schema of the product when it is
 * evaluated (~140 kB of code), and every signed-in page evaluated it before its first render through
 * its API module (issue 15: the offline cold start to the shell). Types still come from the real
 * file; the tests (vitest) and the server use it as it is.
 */
export function contractPathsOnly(): Plugin {
  const contract = resolve('contract/endpoints.ts');
  return {
    name: 'repairops-contract-paths-only',
    enforce: 'pre',
    async load(id) {
      if (id.split('?')[0] !== contract) return null;
      const { endpoints } = (await import(pathToFileURL(contract).href)) as {
        endpoints: Record<string, { path: string; tokenInQuery?: boolean }>;
      };
      const paths = Object.fromEntries(
        Object.entries(endpoints).map(([name, e]) => [
          name,
          e.tokenInQuery ? { path: e.path, tokenInQuery: true } : { path: e.path },
        ]),
      );
      return `// Paths only (scripts/vite-contract-paths.ts).\nexport const endpoints = ${JSON.stringify(paths)};\n`;
    },
  };
}
