// `npm run contract:paths` writes contract/endpoint-paths.generated.ts from contract/endpoints.ts;
// with --check (part of `npm test`) it writes nothing and fails when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { endpoints } from '../contract/endpoints.ts';
import { GENERATED_PATHS_FILE, renderEndpointPaths } from './lib/contract-paths.ts';

const file = path.resolve(import.meta.dirname, '..', GENERATED_PATHS_FILE);
const fresh = await renderEndpointPaths(endpoints);
let committed = '';
try {
  committed = readFileSync(file, 'utf8');
} catch {
  // Not generated yet.
}

if (process.argv.includes('--check')) {
  if (committed === fresh) console.log(`${GENERATED_PATHS_FILE} is up to date`);
  else console.error(`${GENERATED_PATHS_FILE} is stale: run \`npm run contract:paths\` and commit it`);
  process.exitCode = committed === fresh ? 0 : 1;
} else if (committed !== fresh) {
  writeFileSync(file, fresh);
  console.log(`wrote ${GENERATED_PATHS_FILE}`);
}
