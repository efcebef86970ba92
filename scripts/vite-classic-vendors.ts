// The two big libraries of every signed-in start, React with the router and Mantine, as classic
// scripts, so that Chromium serves them from V8's code cache (issue 27, the page budget; decision 0061).
// Chromium takes a classic script served by the service worker from its code cache from the second
// open on, and a module script never (the probe in docs/decisions/0061): every new tab compiled these
// ~725 kB from source, on the streaming threads of a 2-core machine, before its first frame.
// Each library is built here, by Rolldown, as one IIFE that puts its exports on
// `globalThis.__RO_VENDOR[id]`; the app's modules import them through a small shim module per id that
// reads them from there. index.html runs React's script (defer, ahead of the entry module) and, for a
// signed-in start, Mantine's after it. The sign-in page (plain React, decision 0025) runs Mantine's
// only when the app first imports a chunk that needs it: every dynamic import of such a chunk waits
// for the script first (`globalThis.__RO_VENDOR_LOAD`, defined by index.html).
import { createHash } from 'node:crypto';
import { globSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import remapping from '@jridgewell/remapping';
import MagicString from 'magic-string';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../src/lib/storage.ts';

export interface ClassicVendor {
  /** The file's name: assets/<name>-vendor-<hash>.js. */
  name: string;
  /** The module ids it provides, as the app imports them. */
  ids: string[];
  /** Packages whose modules it holds: none of them may also be in the app's modules (one React). */
  packages: RegExp;
  /** Run by index.html for a signed-in start only, else by the app when it first needs it. */
  onDemand: boolean;
  /**
   * Ids of which the script keeps only the exports imported by `importers` (globs) and `generated`
   * (names that code generators add, such as the router plugin's code splitting); every other id
   * keeps all its exports.
   */
  usedOnly: Record<string, { importers: string[]; generated?: string[] }>;
}

/** The app's code, and the Mantine packages that are not in Mantine's script (dates, charts, …). */
const APP = 'src/**/*.{ts,tsx}';
const OTHER_MANTINE = 'node_modules/@mantine/!(core|hooks)/esm/**/*.mjs';

export const CLASSIC_VENDORS: ClassicVendor[] = [
  {
    name: 'framework',
    // use-sync-external-store (Lingui's, on the sign-in page, and react-redux's) too: left in the
    // app's chunks, it required React's shim as CommonJS, which cost the sign-in page ~1 kB after gzip.
    ids: [
      'react',
      'react/jsx-runtime',
      'react-dom',
      'react-dom/client',
      '@tanstack/react-router',
      'use-sync-external-store/shim',
      'use-sync-external-store/shim/with-selector',
      'use-sync-external-store/with-selector',
      'use-sync-external-store',
    ],
    packages:
      /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/,
    onDemand: false,
    // The whole router is ~27 kB more than what the app uses: over the sign-in page's budget (0025).
    usedOnly: { '@tanstack/react-router': { importers: [APP], generated: ['lazyFn', 'lazyRouteComponent'] } },
  },
  {
    name: 'mantine',
    ids: ['@mantine/core', '@mantine/hooks'],
    packages: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/,
    onDemand: true,
    usedOnly: {
      '@mantine/core': { importers: [APP, OTHER_MANTINE] },
      '@mantine/hooks': { importers: [APP, OTHER_MANTINE] },
    },
  },
];

const GLOBAL = '__RO_VENDOR';
const SHIM = '\0ro-vendor:';
const LOAD = '__RO_VENDOR_LOAD';
const requireHere = createRequire(import.meta.url);

/** Whether the module `id` is one of the shims of the vendor named `name` (the build's chunk groups). */
export function isVendorShim(id: string, name: string): boolean {
  return (
    id.startsWith(SHIM) &&
    CLASSIC_VENDORS.some((v) => v.name === name && v.ids.includes(id.slice(SHIM.length)))
  );
}

/** The names `source` imports (or re-exports) from `id`, without type-only ones. */
export function namesImportedFrom(source: string, id: string): string[] {
  const quoted = id.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
  const pattern = new RegExp(
    String.raw`(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]${quoted}['"]`,
    'g',
  );
  const names = new Set<string>();
  for (const match of source.matchAll(pattern)) {
    if (/^(?:import|export)\s*type\b/.test(match[0])) continue;
    for (const part of match[1]!.split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue; // a type: nothing at run time
      names.add(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return [...names];
}

/** Every export of `id`, as Node sees the package (the same names as the browser build). */
async function allExports(id: string): Promise<string[]> {
  const module = (await import(requireHere.resolve(id))) as Record<string, unknown>;
  return Object.keys(module).filter((name) => name !== '__esModule' && name !== 'module.exports');
}

/** What `importers` (globs) import from `id`, and the `generated` names: those `id` exports. */
function usedExports(id: string, every: string[], importers: string[], generated: string[] = []): string[] {
  const used = new Set(generated);
  for (const file of globSync(importers))
    for (const name of namesImportedFrom(readFileSync(file, 'utf8'), id)) used.add(name);
  return [...used].filter((name) => every.includes(name)).sort();
}

/** The vendor's IIFE: its exports on the global, the other vendors' ids read from there. */
async function buildVendor(vendor: ClassicVendor, exports: Map<string, string[]>): Promise<string> {
  const lines = vendor.ids.map((id, i) =>
    vendor.usedOnly[id]
      ? `import { ${exports.get(id)!.join(', ')} } from '${id}';\nvendor[${JSON.stringify(id)}] = { ${exports.get(id)!.join(', ')} };`
      : `import * as m${i} from '${id}';\nvendor[${JSON.stringify(id)}] = m${i};`,
  );
  const entry = `const vendor = (globalThis.${GLOBAL} ??= {});\n${lines.join('\n')}\n`;
  const others = CLASSIC_VENDORS.filter((v) => v !== vendor).flatMap((v) => v.ids);
  const output = await build({
    input: 'virtual-vendor-entry',
    cwd: process.cwd(),
    write: false,
    external: others,
    onLog: (level, log, handler) => {
      // Mantine's "use client" directives mean nothing in a browser bundle.
      if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
    },
    plugins: [
      {
        name: 'vendor-entry',
        resolveId: (id) => (id === 'virtual-vendor-entry' ? id : null),
        load: (id) => (id === 'virtual-vendor-entry' ? entry : null),
      },
    ],
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    output: {
      format: 'iife',
      minify: true,
      globals: (id) => `${GLOBAL}[${JSON.stringify(id)}]`,
    },
  });
  return output.output[0].code;
}

/**
 * The shim module of `id`: its exports read from the vendor's global. An on-demand vendor's script has
 * run before (index.html for a signed-in start, src/ui/mantine-script.ts otherwise): a top-level await
 * here would make every module that uses Mantine asynchronous, and Rolldown then split the app into
 * ~50 more chunks (the entry imported 30 instead of 4).
 */
export function shimModule(id: string, names: string[], src: string): string {
  const bindings = names.map((name, i) => `const e${i} = m[${JSON.stringify(name)}];`).join('\n');
  const list = names.map((name, i) => `e${i} as ${JSON.stringify(name)}`).join(', ');
  return `const m = globalThis.${GLOBAL}?.[${JSON.stringify(id)}];
if (!m) throw new Error(${JSON.stringify(`${id}: ${src} has not run`)});
${bindings}
export { ${list} };
`;
}

/**
 * The inline script after React's: `globalThis.__RO_VENDOR_LOAD(name)` runs an on-demand vendor's
 * script once (resolved at once when it has run), and a signed-in start runs them all, after React's
 * (a `defer` script the parser writes keeps the document's order, ahead of the entry module).
 */
export function onDemandScript(
  vendors: { name: string; id: string; src: string }[],
  tokenKey: string,
): string {
  const sources = Object.fromEntries(vendors.map((v) => [v.name, { src: v.src, id: v.id }]));
  const tags = vendors.map((v) => `<script defer src="${v.src}"><\\/script>`).join('');
  return `(function () {
  var vendors = ${JSON.stringify(sources)}, loading = {};
  globalThis.${LOAD} = function (name) {
    var vendor = vendors[name];
    if (globalThis.${GLOBAL} && globalThis.${GLOBAL}[vendor.id]) return Promise.resolve();
    if (!loading[name])
      loading[name] = new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.src = vendor.src;
        script.onload = function () { resolve(); };
        script.onerror = function () {
          delete loading[name];
          reject(new Error('could not load ' + vendor.src));
        };
        document.head.appendChild(script);
      });
    return loading[name];
  };
  try {
    if (localStorage.getItem(${JSON.stringify(tokenKey)})) document.write('${tags}');
  } catch (e) {
    // Storage disabled: no stored session; the app runs them when it needs them.
  }
})();`;
}

/** A chunk as this plugin reads and changes it (Rolldown's OutputChunk). */
interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  map?: unknown;
}

/**
 * Makes every dynamic import of a chunk that needs an on-demand vendor (its static imports reach the
 * vendor's shims) wait for the vendor's script: `import("./x.js")` becomes
 * `globalThis.__RO_VENDOR_LOAD("mantine").then(() => import("./x.js"))`. Returns the changed files.
 */
export function awaitVendorsInDynamicImports(
  chunks: Map<string, Chunk>,
  needs: (chunk: Chunk) => string | null,
  edit: (chunk: Chunk, code: MagicString) => void,
): string[] {
  const reached = new Map<string, string | null>();
  const vendorOf = (fileName: string, seen = new Set<string>()): string | null => {
    if (reached.has(fileName)) return reached.get(fileName)!;
    if (seen.has(fileName)) return null;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    let vendor = chunk ? needs(chunk) : null;
    for (const next of chunk?.imports ?? []) vendor ??= vendorOf(next, seen);
    reached.set(fileName, vendor);
    return vendor;
  };
  const changed: string[] = [];
  for (const chunk of chunks.values()) {
    const code = new MagicString(chunk.code);
    for (const target of chunk.dynamicImports) {
      const vendor = vendorOf(target);
      if (!vendor) continue;
      const name = target.slice(target.lastIndexOf('/') + 1).replace(/[.$]/g, '\\$&');
      const call = new RegExp(`\\bimport\\(\\s*(["'\`])\\./${name}\\1\\s*\\)`, 'g');
      for (const match of chunk.code.matchAll(call)) {
        code.appendLeft(match.index, `globalThis.${LOAD}(${JSON.stringify(vendor)}).then(()=>`);
        code.appendRight(match.index + match[0].length, ')');
      }
    }
    if (code.hasChanged()) {
      edit(chunk, code);
      changed.push(chunk.fileName);
    }
  }
  return changed;
}

export function classicVendorsPlugin(): Plugin {
  let base = '/';
  const files = new Map<ClassicVendor, string>();
  const exports = new Map<string, string[]>();
  const vendorOf = new Map(CLASSIC_VENDORS.flatMap((v) => v.ids.map((id) => [id, v] as const)));
  const url = (vendor: ClassicVendor) => `${base}${files.get(vendor)!}`;
  return {
    name: 'repairops-classic-vendors',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      for (const vendor of CLASSIC_VENDORS)
        for (const id of vendor.ids) {
          const every = await allExports(id);
          const used = vendor.usedOnly[id];
          exports.set(id, used ? usedExports(id, every, used.importers, used.generated) : every);
        }
      for (const vendor of CLASSIC_VENDORS) {
        // V8 compiles the whole file while it streams in (decision 0060), so its code cache holds
        // every function, not only those the script's first run calls.
        const code = `//# allFunctionsCalledOnLoad\n${await buildVendor(vendor, exports)}`;
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        const fileName = `assets/${vendor.name}-vendor-${hash}.js`;
        files.set(vendor, fileName);
        this.emitFile({ type: 'asset', fileName, source: code });
      }
    },
    resolveId(id) {
      // Packages spell a path with or without `.js` or `/index.js` ("use-sync-external-store/shim/index.js").
      const key = vendorOf.has(id) ? id : id.replace(/(\/index)?\.js$/, '');
      return vendorOf.has(key) ? `${SHIM}${key}` : null;
    },
    load(id) {
      if (!id.startsWith(SHIM)) return null;
      const name = id.slice(SHIM.length);
      return shimModule(name, exports.get(name)!, url(vendorOf.get(name)!));
    },
    generateBundle: {
      // After Vite's own rewrite of each dynamic import's preload list.
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, Chunk>();
        for (const output of Object.values(bundle))
          if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as Chunk);
        const shimOf = (chunk: Chunk) => {
          const shim = chunk.moduleIds.find(
            (m) => m.startsWith(SHIM) && vendorOf.get(m.slice(SHIM.length))?.onDemand,
          );
          return shim ? vendorOf.get(shim.slice(SHIM.length))!.name : null;
        };
        // The sign-in page's first load has no Mantine: the entry must not import an on-demand shim.
        const stack = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
        const seen = new Set<string>();
        while (stack.length > 0) {
          const chunk = chunks.get(stack.pop()!);
          if (!chunk || seen.has(chunk.fileName)) continue;
          seen.add(chunk.fileName);
          const vendor = shimOf(chunk);
          if (vendor) this.error(`the entry imports ${vendor}'s code statically (${chunk.fileName})`);
          stack.push(...chunk.imports);
        }
        // One React: no module of a vendor's packages may also be in the app's own chunks.
        for (const chunk of chunks.values())
          for (const moduleId of chunk.moduleIds) {
            if (/\.css($|\?)/.test(moduleId)) continue; // the package's stylesheet, not its code
            const vendor = CLASSIC_VENDORS.find((v) => v.packages.test(moduleId));
            if (vendor)
              this.error(`${moduleId} is in ${chunk.fileName}: import it as ${vendor.ids.join(' or ')}`);
          }
        awaitVendorsInDynamicImports(chunks, shimOf, (chunk, code) => {
          chunk.code = code.toString();
          const asset = bundle[`${chunk.fileName}.map`];
          if (asset?.type !== 'asset') return;
          const text =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          const edit = code.generateMap({ hires: 'boundary', source: chunk.fileName, includeContent: false });
          const map = remapping([edit.toString(), text], () => null);
          asset.source = JSON.stringify(map);
          if (chunk.map) chunk.map = map;
        });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const onDemand = CLASSIC_VENDORS.filter((v) => v.onDemand).map((v) => ({
          name: v.name,
          id: v.ids[0]!,
          src: url(v),
        }));
        const scripts = CLASSIC_VENDORS.filter((v) => !v.onDemand)
          .map((v) => `<script defer src="${url(v)}"></script>`)
          .concat(`<script>${onDemandScript(onDemand, STORAGE_KEYS.token)}</script>`)
          .join('\n    ');
        // Ahead of the first stylesheet and module script: the parser holds an inline script until the
        // stylesheets above it have loaded, and Mantine's request should go out with React's.
        const first = /<link\b[^>]*\brel="stylesheet"|<script\b[^>]*\btype="module"/i.exec(html);
        if (!first) throw new Error('classic vendors: index.html has no stylesheet or module script');
        return `${html.slice(0, first.index)}${scripts}\n    ${html.slice(first.index)}`;
      },
    },
  };
}
