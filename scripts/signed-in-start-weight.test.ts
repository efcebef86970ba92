import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What a signed-in start runs before its first frame must not take in the charts (issue 27, decision
// 0058): recharts and @mantine/charts are ~420 kB of JavaScript, and a static import of them from the
// app layout, the data layer, Mantine's root or the landing page put them in the signed-in start's
// group (scripts/vite-signed-in-start.ts) and in index.html's preloads: every new tab, whatever its
// page, fetched, compiled and ran them before its first frame. Read from the sources' static imports
// (a chart behind `lazy(() => import(…))` is not followed), so no build is needed.

const ROOT = resolve(import.meta.dirname, '..');
/** Where a signed-in start begins (SIGNED_IN_ROOTS of scripts/vite-signed-in-start.ts), as files. */
const STARTS = [
  'src/routes/app.tsx',
  'src/app/data-layer.ts',
  'src/ui/mantine-root.tsx',
  'src/routes/app/dashboards/default.tsx',
];
const HEAVY = /^(recharts|@mantine\/charts)(\/|$)/;
const ALIASES: Record<string, string> = {
  '#src/': 'src/',
  '#contract/': 'contract/',
  '#locales/': 'locales/',
};

/** Static imports and re-exports of a file (`import type` left out: it is erased). */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const path = alias
    ? join(ROOT, ALIASES[alias]! + specifier.slice(alias.length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  return path && existsSync(path) ? path : null;
}

/** Each package a start's static import closure takes in, with the chain of files that leads to it. */
function packagesOfStart(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const stack = STARTS.map((file) => [join(ROOT, file)]);
  while (stack.length > 0) {
    const chain = stack.pop()!;
    const file = chain.at(-1)!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) {
      const local = resolveLocal(file, specifier);
      if (local) stack.push([...chain, local]);
      else if (!specifier.startsWith('.') && !specifier.startsWith('#'))
        packages.set(
          specifier,
          chain.map((f) => relative(ROOT, f)),
        );
    }
  }
  return packages;
}

describe("the signed-in start's code (issue 27)", () => {
  it('takes in neither recharts nor @mantine/charts: the charts come with their own chunks', () => {
    const packages = packagesOfStart();
    // The walk reaches the app's code: Mantine and the router are there.
    expect(packages.has('@mantine/core')).toBe(true);
    const heavy = [...packages].filter(([name]) => HEAVY.test(name));
    expect(heavy.map(([name, chain]) => `${name} via ${chain.join(' > ')}`)).toEqual([]);
  });
});
