// The app's own start as two classic scripts, so that Chromium serves it from V8's code cache as it
// does React's and Mantine's (decision 0061; issue 27, the page budget; decision 0062). Built as ES
// modules, the entry, its static imports and the signed-in start's group (~250 kB) were streamed and
// compiled from source at every open: this Chromium never takes a module from the code cache.
//
// After the build has written its files, Rolldown bundles, from those files and their source maps:
// - the boot script: the entry and what it imports statically (every page, the sign-in page too);
// - the signed-in script: the signed-in start's group (scripts/vite-signed-in-preload.ts), which needs
//   Mantine; index.html runs it for a stored session, and `globalThis.__RO_CORE_LOAD()` otherwise.
// Each puts its chunks' module namespaces on `globalThis.__RO_CORE`. Each chunk they hold becomes a
// shim module that re-exports its names from there: the lazy pages import those as before. A shim's
// exports are copies, so the build fails on an export that a function assigns later.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { STORAGE_KEYS } from '../src/lib/storage.ts';
import { CORE_GLOBAL, CORE_LOAD, signedInLoader, withStartScripts } from './lib/classic-start-html.ts';
import { dropHeldPreloads } from './lib/held-preloads.ts';
import { reassignedExports } from './lib/reassigned-exports.ts';
import { isVendorShim } from './vite-classic-vendors.ts';
import { COMPILE_HINT } from './vite-compile-hints.ts';
import { type Bundle, type BundleChunk, signedInPreloads, staticImports } from './vite-signed-in-preload.ts';

const GLOBAL = CORE_GLOBAL;
const LOAD = CORE_LOAD;

/** The chunks that `roots` import statically, directly or not, with the roots. */
const closure = (chunks: Map<string, BundleChunk>, roots: string[]) =>
  staticImports(chunks, roots, new Set());

/**
 * What the boot script may take in of the group beyond the entry's graph: a chunk of the group that a
 * page without Mantine imports too (the tabler icons' base, which the sign-in page shares). More would
 * grow what every page runs, the sign-in page's too (decision 0025): the build fails instead.
 */
export const SHARED_WITH_THE_BOOT_MAX_BYTES = 8 * 1024;

/** The sign-in page's route modules, its layout's and its own (a split component's id carries a query). */
const SIGN_IN_ROUTE = /\/src\/routes\/user(\/login)?\.tsx(\?|$)/;

/**
 * The two scripts' chunks: the boot's (the entry first, then what it imports, then what the group
 * shares with the pages that run without Mantine) and the signed-in start's group. The signed-in
 * script needs Mantine: a chunk that the sign-in page imports cannot wait for it.
 */
export function startScripts(bundle: Bundle): { boot: string[]; signedIn: string[] } {
  const chunks = new Map<string, BundleChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  if (entries.length !== 1) throw new Error(`classic start: ${entries.length} entry chunks, not 1`);
  const needsMantine = (file: string) =>
    closure(chunks, [file]).some((f) => chunks.get(f)?.moduleIds.some((id) => isVendorShim(id, 'mantine')));
  // The sign-in page's own code too (its routes' split components): that page then loads no shim of
  // the boot's chunks, a few hundred bytes each (decision 0025's first-load budget).
  const signIn = [...chunks.values()]
    .filter((c) => !c.isEntry && c.moduleIds.some((id) => SIGN_IN_ROUTE.test(id)))
    .map((c) => c.fileName)
    .filter((file) => !needsMantine(file));
  const boot = closure(chunks, [...entries, ...signIn]);
  const group = new Set(signedInPreloads(bundle).modules);
  const shared = new Set<string>();
  for (const file of chunks.keys())
    if (!boot.includes(file) && !group.has(file) && !needsMantine(file))
      for (const reached of closure(chunks, [file])) if (group.has(reached)) shared.add(reached);
  const sharedBytes = [...shared].reduce((sum, f) => sum + (chunks.get(f)?.code?.length ?? 0), 0);
  if (sharedBytes > SHARED_WITH_THE_BOOT_MAX_BYTES)
    throw new Error(
      `classic start: pages without Mantine import ${sharedBytes} bytes of the signed-in start (${[...shared].join(', ')}); the boot script would take them in`,
    );
  return {
    boot: [entries[0]!, ...boot.filter((f) => f !== entries[0]).sort(), ...[...shared].sort()],
    // A chunk the boot holds (the sign-in routes' imports may reach into the group) is read from the
    // global: held by both scripts, its modules would run twice, each with state of its own.
    signedIn: [...group].filter((f) => !shared.has(f) && !boot.includes(f)).sort(),
  };
}

/** The names a chunk exports: Rolldown writes one `export { … }` list, at its end; declarations too. */
export function exportedNames(code: string): string[] {
  return parseAst(code).body.flatMap((node) => {
    if (node.type !== 'ExportNamedDeclaration') return [];
    const declared = node.declaration;
    if (declared?.type === 'VariableDeclaration')
      return declared.declarations.flatMap((d) => (d.id.type === 'Identifier' ? [d.id.name] : []));
    if (declared && 'id' in declared && declared.id?.type === 'Identifier') return [declared.id.name];
    return node.specifiers.map((s) =>
      s.exported.type === 'Identifier' ? s.exported.name : String(s.exported.value),
    );
  });
}

/**
 * The shim that takes a chunk's place: its exports read from the start script's namespace. A chunk
 * of the signed-in script waits for that script when it has not run (the sign-in page's first load:
 * the app's first page after signing in imports it).
 */
export function shimModule(fileName: string, names: string[], signedIn: boolean): string {
  const key = JSON.stringify(fileName);
  const read = signedIn
    ? `globalThis.${GLOBAL}?.[${key}] ?? (await globalThis.${LOAD}(), globalThis.${GLOBAL}[${key}])`
    : `globalThis.${GLOBAL}?.[${key}]`;
  const bindings = names.map((name, i) => `const e${i} = m[${JSON.stringify(name)}];`);
  const list = names.map((name, i) => `e${i} as ${JSON.stringify(name)}`).join(', ');
  return [
    `const m = ${read};`,
    `if (!m) throw new Error(${JSON.stringify(`${fileName}: the start script has not run`)});`,
    ...bindings,
    names.length > 0 ? `export { ${list} };` : '',
  ].join('\n');
}

/** A chunk's key on the global, and in each script: its file's name. */
const keyOf = (fileName: string) => basename(fileName);

/**
 * Bundles the chunks `files` (read from `dir` with their source maps) into one IIFE that puts their
 * namespaces on the global; the chunks `fromGlobal` (another script's) are read from there.
 */
async function bundleScript(
  dir: string,
  files: string[],
  fromGlobal: Set<string>,
): Promise<{ code: string; map: string }> {
  const inScript = new Set(files.map(keyOf));
  const globalKeys = new Set([...fromGlobal].map(keyOf));
  const virtual = `const core = (globalThis.${GLOBAL} ??= {});\n${files
    .map(
      (file, i) =>
        `import * as c${i} from ${JSON.stringify(join(dir, file))};\ncore[${JSON.stringify(keyOf(file))}] = c${i};`,
    )
    .join('\n')}\n`;
  const build = await rolldown({
    input: 'virtual-core',
    // Vite's preload helper resolves its URLs with import.meta, which a classic script has not.
    transform: { define: { 'import.meta.resolve': 'undefined', 'import.meta.url': 'document.baseURI' } },
    plugins: [
      {
        name: 'classic-start',
        resolveId(id, importer, extra) {
          if (id === 'virtual-core' || id.startsWith('/')) return id;
          if (!id.startsWith('.') || !importer) throw new Error(`classic start: a bare import ${id}`);
          const path = resolve(dirname(importer === 'virtual-core' ? join(dir, '-') : importer), id);
          const key = keyOf(path);
          if (inScript.has(key)) return path;
          // The boot's chunks, from the signed-in script, are read from the global.
          if (globalKeys.has(key)) return { id: path, external: true };
          // A lazy page or a catalog stays a dynamic import of its module; a classic script can have
          // no static import of one.
          if (extra.kind !== 'dynamic-import')
            throw new Error(
              `classic start: ${basename(importer)} imports ${key}, which no start script holds`,
            );
          return { id: `./${key}`, external: true };
        },
        // A dynamic import of a chunk a start script holds preloads none of the held chunks' shims.
        transform(code, id) {
          if (!id.startsWith(dir)) return null;
          return dropHeldPreloads(code, new Set([...inScript, ...globalKeys]), basename(id));
        },
        load(id) {
          if (id === 'virtual-core') return virtual;
          if (!id.startsWith(dir)) return null;
          // A chunk of generated code only (Rolldown's runtime helpers, the vendors' shims) has no map.
          const map = existsSync(`${id}.map`) ? readFileSync(`${id}.map`, 'utf8') : null;
          return { code: readFileSync(id, 'utf8'), map };
        },
      },
    ],
  });
  const { output } = await build.generate({
    format: 'iife',
    codeSplitting: false,
    minify: true,
    sourcemap: true,
    // Where the script goes: its map's sources are relative to it (../../src/main.tsx).
    dir: join(dir, 'assets'),
    globals: (id) => `globalThis.${GLOBAL}[${JSON.stringify(keyOf(id))}]`,
  });
  await build.close();
  const chunk = output[0];
  return { code: chunk.code, map: JSON.stringify(chunk.map) };
}

/** Writes a start script under a name with its content's hash; returns the name. */
function writeScript(dir: string, name: string, script: { code: string; map: string }): string {
  const code = `${COMPILE_HINT}\n${script.code.replace(/\n\/\/# sourceMappingURL=.*$/, '')}`;
  const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
  const fileName = `assets/${name}-${hash}.js`;
  const map = JSON.parse(script.map) as { mappings: string; file?: string };
  map.mappings = `;${map.mappings}`; // the hint's line
  map.file = basename(fileName);
  writeFileSync(join(dir, fileName), `${code}\n//# sourceMappingURL=${basename(fileName)}.map\n`);
  writeFileSync(join(dir, `${fileName}.map`), JSON.stringify(map));
  return fileName;
}

/**
 * Builds the two start scripts in the built `dir` from its files, puts a shim in each of their chunks'
 * place, and the boot script into index.html. Returns the two scripts' file names.
 */
export async function buildClassicStart(
  dir: string,
  bundle: Bundle,
  base: string,
): Promise<{ boot: string; signedIn: string }> {
  const { boot, signedIn } = startScripts(bundle);
  const codeOf = (file: string) => readFileSync(join(dir, file), 'utf8');
  for (const file of [...boot, ...signedIn]) {
    const names = reassignedExports(codeOf(file));
    if (names.length > 0)
      throw new Error(`classic start: ${file} exports ${names.join(', ')}, which a function assigns later`);
  }
  const bootName = writeScript(dir, 'core-boot', await bundleScript(dir, boot, new Set()));
  const signedInName = writeScript(dir, 'core-signed-in', await bundleScript(dir, signedIn, new Set(boot)));
  for (const file of [...boot, ...signedIn]) {
    const shim = shimModule(keyOf(file), exportedNames(codeOf(file)), signedIn.includes(file));
    writeFileSync(join(dir, file), shim);
    rmSync(join(dir, `${file}.map`), { force: true });
  }
  const htmlPath = join(dir, 'index.html');
  const loader = signedInLoader(
    `${base}${signedInName}`,
    keyOf(signedIn[0]!),
    STORAGE_KEYS.token,
    [...new Set(boot)].map((file) => `${base}${file}`),
  );
  const html = readFileSync(htmlPath, 'utf8');
  writeFileSync(htmlPath, withStartScripts(html, base, boot[0]!, `${base}${bootName}`, loader, boot));
  return { boot: bootName, signedIn: signedInName };
}

export function classicStartPlugin(): Plugin {
  let base = '/';
  return {
    name: 'repairops-classic-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    writeBundle: {
      // After every file is on disk; before the service worker's precache list (closeBundle).
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        try {
          await buildClassicStart(options.dir!, bundle as unknown as Bundle, base);
        } catch (error) {
          this.error(error instanceof Error ? error.message : String(error));
        }
      },
    },
  };
}
