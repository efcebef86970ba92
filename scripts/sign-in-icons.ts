// The tabler icons the sign-in page draws (vite.config.ts keeps them out of the app's icons chunk, which
// would otherwise come into the sign-in page's first load whole: issue 15's 120 kB budget).
import { globSync, readFileSync } from 'node:fs';

/** The sign-in page's own code: its feature and the plain (non-Mantine) widgets it is built with. */
const SIGN_IN_SOURCES = ['src/features/auth/**/*.tsx', 'src/ui/lite/**/*.tsx'];
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@tabler\/icons-react'/g;

/** Names of the icons imported by the sign-in page's code, e.g. `IconEye`. */
export function signInIcons(root = '.'): Set<string> {
  const names = new Set<string>();
  for (const file of globSync(SIGN_IN_SOURCES, { cwd: root, exclude: (f) => /\.test\.tsx$/.test(f) })) {
    for (const [, list] of readFileSync(`${root}/${file}`, 'utf8').matchAll(ICON_IMPORT)) {
      for (const name of list!.split(',')) if (name.trim()) names.add(name.trim().replace(/^type\s+/, ''));
    }
  }
  return names;
}
