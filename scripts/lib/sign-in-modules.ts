// The source modules whose messages the sign-in catalog holds (decision 0025): every module the
// sign-in route can run before the app's whole catalog is loaded. Computed from the imports, not
// listed by hand, so a module moved into the first load brings its messages along at the next
// `npm run i18n:extract` (lingui.config.ts). scripts/sign-in-catalog.test.ts checks the catalog
// still holds every message of these modules.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The boot, the root route (guard, error pages, load notices) and the sign-in route. */
export const SIGN_IN_ROOTS = [
  'src/main.tsx',
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/routes/user.tsx',
  'src/routes/user/login.tsx',
];

/**
 * Not followed: the route tree (every other route is rendered after the whole catalog is loaded, by
 * the root route's beforeLoad), what main.tsx loads only once a user is signed in, and the API's
 * error messages, which the client loads with the whole catalog (src/lib/api/client.ts).
 */
export const SIGNED_IN_ONLY = [
  'src/routeTree.gen.ts',
  'src/app/realtime-wiring.ts',
  'src/lib/api/error-messages.ts',
];

// Static imports and re-exports (`import type` and `export type` carry no code), side-effect
// imports, and dynamic import() calls with a literal path.
const IMPORT_RE =
  /\b(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const ALIASES: Record<string, string> = { '#src/': 'src/', '#contract/': 'contract/' };

function resolve(rootDir: string, from: string, spec: string): string | null {
  let target: string | null = null;
  for (const [alias, dir] of Object.entries(ALIASES))
    if (spec.startsWith(alias)) target = dir + spec.slice(alias.length);
  if (spec.startsWith('.')) target = path.posix.join(path.posix.dirname(from), spec);
  if (target === null) return null; // a package, a catalog, a stylesheet
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`])
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(rootDir, candidate))) return candidate;
  return null;
}

/** The modules reachable from SIGN_IN_ROOTS (paths relative to rootDir, sorted). */
export function signInModules(rootDir: string): string[] {
  const seen = new Set<string>();
  const stack = [...SIGN_IN_ROOTS];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || SIGNED_IN_ONLY.includes(file)) continue;
    seen.add(file);
    const source = readFileSync(path.join(rootDir, file), 'utf8');
    for (const match of source.matchAll(IMPORT_RE)) {
      if (match[1]) continue;
      const target = resolve(rootDir, file, match[2] ?? match[3]!);
      if (target) stack.push(target);
    }
  }
  return [...seen].sort();
}

/** Those of them that use Lingui (what the catalog config includes). */
export function signInMessageModules(rootDir: string): string[] {
  return signInModules(rootDir).filter((file) =>
    readFileSync(path.join(rootDir, file), 'utf8').includes('@lingui/'),
  );
}
