import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/**
 * In the PWA's build, `ErrCode.NAME` becomes its number (a const enum, in effect). ErrCode is one
 * object of every code of the product: a module that names one code kept the whole table (~1.3 kB
 * after gzip), and the sign-in route names a few (decision 0025, first-load budget). A module that
 * uses the object itself (not a member) still imports it; unknown names are left for tsc to refuse.
 * The references are found in the module's syntax tree, so a string, a comment or a type that spells
 * `ErrCode.NAME` is left as it is.
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
      const table = codes;
      const out = new MagicString(code);
      const { program } = parseSync(file, code);
      new Visitor({
        MemberExpression(node) {
          if (node.computed || node.object.type !== 'Identifier' || node.object.name !== 'ErrCode') return;
          if (node.property.type !== 'Identifier') return;
          const value = table[node.property.name];
          if (value !== undefined)
            out.overwrite(node.start, node.end, `${value} /* ${node.property.name} */`);
        },
      }).visit(program);
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
