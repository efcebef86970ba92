import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const ERRCODE_REF = /\bErrCode\.([A-Z][A-Z0-9_]*)\b/g;

/**
 * In the PWA's build, `ErrCode.NAME` becomes its number (a const enum, in effect). ErrCode is one
 * object of every code of the product: a module that names one code kept the whole table (~1.3 kB
 * after gzip), and the sign-in route names a few (decision 0025, first-load budget). A module that
 * uses the object itself (not a member) still imports it; unknown names are left for tsc to refuse.
 * contract/errcodes.ts itself too (its sets name codes). The tests (vitest) and the server use the
 * module as it is.
 */
export function inlineErrCodes(): Plugin {
  const source = resolve('contract/errcodes.ts');
  let codes: Record<string, number> | null = null;
  return {
    name: 'repairops-inline-errcodes',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!;
      if (file.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(file)) return null;
      if (!code.includes('ErrCode.')) return null;
      codes ??= ((await import(pathToFileURL(source).href)) as { ErrCode: Record<string, number> }).ErrCode;
      const out = new MagicString(code);
      for (const match of code.matchAll(ERRCODE_REF)) {
        const value = codes[match[1]!];
        if (value === undefined) continue;
        out.overwrite(match.index, match.index + match[0].length, `${value} /* ${match[1]} */`);
      }
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
