/**
 * A measurement aid, not a build step (issue 27, the page budget): turns a COPY of a built `dist` into
 * one whose signed-in start comes from V8's code cache, to measure what that is worth before the
 * build does it properly. This Chromium never takes an ES module from the code cache (decision 0060),
 * and React and Mantine gained it as classic scripts (decision 0061); the app's own start is still
 * ~250 kB of modules, streamed and compiled from source at every open.
 *
 *   cp -r dist /tmp/a && cp -r dist /tmp/b && node scripts/bench/classic-start-spike.ts /tmp/b
 *   AB_DIRS=/tmp/a,/tmp/b npm run bench:pages-plain
 *
 * What it does to the copy:
 * - bundles the entry, its static imports and the signed-in start's group (index.html's lists) into
 *   one classic script, `assets/core-spike.js` (an IIFE, compile hint first), which puts each chunk's
 *   namespace on `globalThis.__CORE`;
 * - replaces each of those chunks with a shim that re-exports its names from there (what the lazy
 *   chunks import);
 * - runs the script deferred from index.html instead of the entry module, and adds it to the service
 *   worker's precache.
 *
 * What it does not do (a real build step would have to):
 * - The sign-in page breaks: the group needs Mantine, which only a signed-in start loads first.
 * - The shims' exports are copies, not live bindings.
 * - No source map.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';

const dir = process.argv[2];
if (!dir) {
  process.stdout.write('usage: node scripts/bench/classic-start-spike.ts <a copy of dist>\n');
  process.exit(1);
}
const assets = `${dir}/assets`;
const html = readFileSync(`${dir}/index.html`, 'utf8');
const ENTRY_TAG = /<script type="module" crossorigin src="\/assets\/([^"]+)"><\/script>/;
const entry = html.match(ENTRY_TAG)?.[1];
const group = html.match(/"modules":(\[[^\]]*\])/)?.[1];
if (!entry || !group) throw new Error(`${dir}/index.html: no entry module or no signed-in start group`);
const core = [
  entry,
  ...[...html.matchAll(/modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]!),
  ...(JSON.parse(group) as string[]).map((url) => url.replace('/assets/', '')),
];
const inCore = new Set(core);

/** The names a chunk exports (a Rolldown chunk has one `export { … }` list at its end). */
const exportsOf = (file: string): string[] =>
  parseAst(readFileSync(`${assets}/${file}`, 'utf8')).body.flatMap((node) =>
    node.type === 'ExportNamedDeclaration'
      ? node.specifiers.map((s) =>
          s.exported.type === 'Identifier' ? s.exported.name : String(s.exported.value),
        )
      : [],
  );
const names = new Map(core.map((file) => [file, exportsOf(file)]));

// The entry first: its static imports run before it, then the group's chunks, as a start runs them.
const virtual =
  core.map((file, i) => `import * as c${i} from ${JSON.stringify(`${assets}/${file}`)};`).join('\n') +
  `\nglobalThis.__CORE = {${core.map((file, i) => `${JSON.stringify(file)}: c${i}`).join(', ')}};`;
const bundle = await rolldown({
  input: 'virtual-core',
  // Vite's preload helper resolves its URLs with import.meta, which a classic script has not.
  transform: { define: { 'import.meta.resolve': 'undefined', 'import.meta.url': 'location.href' } },
  plugins: [
    {
      name: 'core-spike',
      resolveId(id, importer) {
        if (id === 'virtual-core' || id.startsWith('/')) return id;
        if (!id.startsWith('.') || !importer) return { id, external: true };
        const path = resolve(dirname(importer === 'virtual-core' ? `${assets}/-` : importer), id);
        return inCore.has(basename(path)) ? path : { id: `./${basename(path)}`, external: true };
      },
      load: (id) => (id === 'virtual-core' ? virtual : null),
    },
  ],
});
const { output } = await bundle.generate({ format: 'iife', codeSplitting: false, minify: true });
writeFileSync(`${assets}/core-spike.js`, `//# allFunctionsCalledOnLoad\n${output[0].code}`);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
for (const file of core) {
  const exported = names.get(file)!;
  const shim = [
    `const m = globalThis.__CORE[${JSON.stringify(file)}];`,
    ...exported.map((name, i) => `const x${i} = m[${JSON.stringify(name)}];`),
    exported.length === 0
      ? ''
      : `export { ${exported.map((name, i) => `x${i} as ${IDENTIFIER.test(name) ? name : JSON.stringify(name)}`).join(', ')} };`,
  ];
  writeFileSync(`${assets}/${file}`, shim.join('\n'));
  removeCompressed(`${assets}/${file}`);
}
writeFileSync(
  `${dir}/index.html`,
  html
    .replace(ENTRY_TAG, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace('</head>', '<script defer src="/assets/core-spike.js"></script>\n</head>'),
);
removeCompressed(`${dir}/index.html`);
const worker = readFileSync(`${dir}/sw.js`, 'utf8');
const precached = `{"revision":null,"url":"assets/${entry}"}`;
if (!worker.includes(precached)) throw new Error('sw.js: the entry is not in the precache list');
writeFileSync(
  `${dir}/sw.js`,
  worker.replace(precached, `{"revision":null,"url":"assets/core-spike.js"},${precached}`),
);
removeCompressed(`${dir}/sw.js`);
process.stdout.write(`${core.length} chunks into assets/core-spike.js (${output[0].code.length} bytes)\n`);

/** The server prefers a precompressed copy: it would serve the file as it was. */
function removeCompressed(path: string): void {
  rmSync(`${path}.br`, { force: true });
  rmSync(`${path}.gz`, { force: true });
}
