import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the PWA build depends on: when any of it is newer than dist/index.html, rebuild. */
const INPUTS = [
  'src',
  'public',
  'locales',
  'contract',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  // The web manifest and its icon list (vite.config.ts imports them).
  'scripts/pwa-manifest.ts',
  'scripts/icon-set.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function pwaBuildIsStale(root = '.'): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return INPUTS.some((input) => newestMtime(join(root, input)) > builtAt);
}
