import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN_PAGES } from '#tests/setup/main-pages.ts';

// What a signed-in start runs before its first frame must not take in the charts (issue 27, decision
// 0058): recharts and @mantine/charts are ~420 kB of JavaScript, and a static import of them from the
// app layout, the data layer, Mantine's root or the landing page put them in the signed-in start's
// group (scripts/vite-signed-in-start.ts) and in index.html's preloads: every new tab, whatever its
// page, fetched, compiled and ran them before its first frame. Read from the sources' static imports
// (a chart behind `lazy(() => import(…))` is not followed), so no build is needed.
//
// Nor does a main page's open take in zod (~90 kB, and every schema built as its module runs): the
// pages read no answer with a schema. The repairs page's intake did, for one error answer, with a
// static import that compiled and ran zod at every open of the repairs and checks pages; it loads
// the schema on that answer now (src/lib/api/refused-intake-lines.ts).

const ROOT = resolve(import.meta.dirname, '..');
/** Where a signed-in start begins (SIGNED_IN_ROOTS of scripts/vite-signed-in-start.ts), as files. */
const STARTS = [
  'src/routes/app.tsx',
  'src/app/data-layer.ts',
  'src/ui/mantine-root.tsx',
  'src/routes/app/dashboards/default.tsx',
];
const HEAVY = /^(recharts|@mantine\/charts)(\/|$)/;
/** A page whose route module draws nothing: the /app layout draws it, from this lazy module. */
const DRAWN_BY_THE_LAYOUT: Record<string, string> = {
  '/app/personalcenter': 'src/features/account/components/PersonalCenter.tsx',
};
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

/** Each package the static import closure of `roots` takes in, with the chain of files to it. */
function packagesOf(roots: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const stack = roots.map((file) => [join(ROOT, file)]);
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
    const packages = packagesOf(STARTS);
    // The walk reaches the app's code: Mantine and the router are there.
    expect(packages.has('@mantine/core')).toBe(true);
    const heavy = [...packages].filter(([name]) => HEAVY.test(name));
    expect(heavy.map(([name, chain]) => `${name} via ${chain.join(' > ')}`)).toEqual([]);
  });

  it.each(MAIN_PAGES)('the page %s takes in no zod with its code', (path) => {
    const route = `src/routes${path}.tsx`;
    expect(existsSync(join(ROOT, route))).toBe(true);
    const packages = packagesOf([route, ...(DRAWN_BY_THE_LAYOUT[path] ? [DRAWN_BY_THE_LAYOUT[path]] : [])]);
    expect(packages.has('@mantine/core')).toBe(true);
    const zod = [...packages].filter(([name]) => /^zod(\/|$)/.test(name));
    expect(zod.map(([name, chain]) => `${name} via ${chain.join(' > ')}`)).toEqual([]);
  });
});
