// The tabler icons the sign-in route can draw (vite.config.ts keeps them out of the app's icons chunk,
// which would otherwise come into the sign-in route whole: issue 15's 120 kB budget). The sign-in
// route's modules are those of its catalog (scripts/lib/sign-in-modules.ts), computed from the imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signInModules } from './lib/sign-in-modules.ts';

const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@tabler\/icons-react['"]/g;

/** The icon names a module's source imports from @tabler/icons-react, e.g. `IconEye`. */
export function iconNamesIn(source: string): string[] {
  return [...source.matchAll(ICON_IMPORT)].flatMap(([, list]) =>
    list!
      .split(',')
      .map((name) => name.trim().replace(/^type\s+/, ''))
      .filter(Boolean),
  );
}

/** Names of the icons imported by the modules the sign-in route can run. */
export function signInIcons(rootDir = '.'): Set<string> {
  return new Set(
    signInModules(rootDir).flatMap((file) => iconNamesIn(readFileSync(path.join(rootDir, file), 'utf8'))),
  );
}
