// index.html starts a signed-in start's second round of fetches itself (issue 15: the offline cold
// start). Without it, the chunks main.tsx and the opening routes ask for (Mantine, the data layer, the
// signed-in start's own code, the landing page, the language's catalogs) are requested only once the
// entry and the framework are fetched, compiled and run: ~60-70 ms after the page's first request.
// A small inline script in index.html asks for them as soon as the page is parsed, for a stored
// session only: the sign-in page's first load stays what it was. Interleaved runs of
// bench:offline-ab: the shell 13-14 ms sooner with the tab settled, 16 ms (mean) with a new one.
import type { Plugin } from 'vite';
import { DEFAULT_LANGUAGE, STORAGE_KEYS, SUPPORTED_LANGUAGES } from '../src/lib/storage.ts';
import { SIGNED_IN_ROOTS } from './vite-signed-in-start.ts';

/**
 * Libraries a signed-in start loads lazily but always, beyond SIGNED_IN_ROOTS' static imports: the API
 * client's ofetch (src/lib/api/client.ts imports it on the first call, so the sign-in page's first
 * load goes without it). Unlisted, a start asked for it only once the entry had run: a second round
 * trip before the page's first API call (the bench's "chain of 2: index > dist").
 */
const LAZY_AT_EVERY_START = [/[\\/]node_modules[\\/]ofetch[\\/]/];

/** Where the modules a signed-in start preloads begin. */
const START_ROOTS = [...SIGNED_IN_ROOTS, ...LAZY_AT_EVERY_START];

/** The two catalogs of a language (src/lib/i18n.ts): the sign-in route's and the app's. */
const CATALOG = /[\\/]locales[\\/](?:sign-in[\\/])?(zh|en|es)\.po$/;

/** What the plugin reads of a bundle's chunk (Rolldown's OutputChunk, with Vite's metadata). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  imports: readonly string[];
  /** The chunk's code (a Rolldown OutputChunk has it; what reads only the graph leaves it out). */
  code?: string;
  viteMetadata?: { importedCss: Set<string> };
}
export type Bundle = Record<string, BundleChunk | { type: 'asset'; fileName: string }>;

export interface SignedInPreloads {
  /** Module chunks every signed-in start runs, beyond the entry's own. */
  modules: string[];
  stylesheets: string[];
  /** Each language's catalog chunks (and what they import). */
  catalogs: Record<string, string[]>;
  /**
   * Each page's own chunk and its static imports beyond the start's, by the page's path: the page a
   * new tab opens is asked for while index.html is parsed, not once the router has run (~100-150 ms
   * later in a traced open of the history page).
   */
  pages: Record<string, string[]>;
}

/**
 * A page's code-split route component, and its route file under src/routes (file-based routing,
 * TanStack Router's split; its loader rides along, decision 0054). Not its error and not-found
 * components: they load on a failure.
 */
const PAGE_MODULE = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=[\w-]*component[\w-]*$/;

/** The page's path of a route file's path under src/routes (`app/index` is `/app`); null for a layout or a parameter. */
export function pagePath(routeFile: string): string | null {
  const path = `/${routeFile.replaceAll('\\', '/')}`.replace(/\/index$/, '');
  return /[$_]|\/-/.test(path) ? null : path;
}

/** The chunks that `roots` import statically, directly or not, with the roots, less `known`. */
export function staticImports(
  chunks: Map<string, BundleChunk>,
  roots: string[],
  known: Set<string>,
): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const fileName = stack.pop()!;
    if (seen.has(fileName) || known.has(fileName)) continue;
    seen.add(fileName);
    stack.push(...(chunks.get(fileName)?.imports ?? []));
  }
  return [...seen].sort();
}

/** The bundle's chunks by file name, and the boot: the entry and its static imports (index.html loads them). */
function chunksAndBoot(bundle: Bundle): { chunks: Map<string, BundleChunk>; boot: Set<string> } {
  const chunks = new Map<string, BundleChunk>();
  for (const output of Object.values(bundle))
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  return { chunks, boot: new Set(staticImports(chunks, entries, new Set())) };
}

/** Every code file a signed-in start runs before its first frame: the boot's and the preloaded modules. */
export function signedInStartFiles(bundle: Bundle): string[] {
  const { boot } = chunksAndBoot(bundle);
  return [...new Set([...boot, ...signedInPreloads(bundle).modules])].sort();
}

/**
 * Every code file a page's open runs: each page's own chunk and what it imports statically (the lazy
 * tools a page loads on a click, such as the spreadsheet reader or the charts, are dynamic imports).
 */
export function pageOpenFiles(bundle: Bundle): string[] {
  const { chunks } = chunksAndBoot(bundle);
  const pages = [...chunks.values()]
    .filter((c) => c.facadeModuleId && PAGE_MODULE.test(c.facadeModuleId))
    .map((c) => c.fileName);
  return staticImports(chunks, pages, new Set());
}

/** What a signed-in start fetches after the entry, read from the bundle's chunks. */
export function signedInPreloads(bundle: Bundle): SignedInPreloads {
  const { chunks, boot } = chunksAndBoot(bundle);
  const holding = (test: (id: string) => boolean) =>
    [...chunks.values()]
      .filter((c) => (c.facadeModuleId && test(c.facadeModuleId)) || c.moduleIds.some(test))
      .map((c) => c.fileName);
  const modules = staticImports(
    chunks,
    holding((id) => START_ROOTS.some((root) => root.test(id))),
    boot,
  );
  const stylesheets = new Set<string>();
  for (const fileName of modules)
    for (const css of chunks.get(fileName)?.viteMetadata?.importedCss ?? []) stylesheets.add(css);
  const catalogs: Record<string, string[]> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const ofLanguage = (id: string) => CATALOG.exec(id)?.[1] === language;
    catalogs[language] = staticImports(chunks, holding(ofLanguage), boot);
  }
  const started = new Set([...boot, ...modules]);
  const pages: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const file = chunk.facadeModuleId && PAGE_MODULE.exec(chunk.facadeModuleId)?.[1];
    const path = file ? pagePath(file) : null;
    // The app layout and the landing page are the start's own: nothing more to ask for.
    if (path && !started.has(chunk.fileName)) pages[path] = staticImports(chunks, [chunk.fileName], started);
  }
  return { modules, stylesheets: [...stylesheets].sort(), catalogs, pages };
}

/**
 * The inline script: for a stored session (main.tsx starts the signed-in app when there is a token,
 * src/features/auth/session.ts), a modulepreload link per module chunk and the stored language's
 * catalogs, and a style preload per stylesheet. Vite's preload helper finds the links when the app
 * asks for the same files, and adds nothing twice.
 */
export function preloadScript(preloads: SignedInPreloads, base: string): string {
  const url = (fileName: string) => `${base}${fileName}`;
  // The pages' files once each, and each page as their indexes: ~100 pages share most of them.
  const files = [...new Set(Object.values(preloads.pages).flat())].sort();
  const index = new Map(files.map((file, i) => [file, i]));
  const data = JSON.stringify({
    modules: preloads.modules.map(url),
    styles: preloads.stylesheets.map(url),
    catalogs: Object.fromEntries(Object.entries(preloads.catalogs).map(([k, v]) => [k, v.map(url)])),
    files: files.map(url),
    pages: Object.fromEntries(
      Object.entries(preloads.pages).map(([k, v]) => [k, v.map((f) => index.get(f))]),
    ),
  });
  return `(function () {
  var p = ${data};
  var language;
  try {
    if (!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})) return;
    language = localStorage.getItem(${JSON.stringify(STORAGE_KEYS.language)});
  } catch (e) {
    return;
  }
  // Only a language of the build's (not "__proto__" or another key every object has).
  var own = Object.prototype.hasOwnProperty.call(p.catalogs, language);
  var modules = p.modules.concat(p.catalogs[own ? language : ${JSON.stringify(DEFAULT_LANGUAGE)}]);
  // The page the tab opens (a hash route: #/app/…?query), if the build has one of that path.
  var path = location.hash.slice(1).split('?')[0];
  if (Object.prototype.hasOwnProperty.call(p.pages, path))
    modules = modules.concat(p.pages[path].map(function (i) { return p.files[i]; }));
  function add(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (as) link.as = as;
    document.head.appendChild(link);
  }
  modules.forEach(function (href) { add('modulepreload', href); });
  p.styles.forEach(function (href) { add('preload', href, 'style'); });
})();`;
}

/**
 * Puts the inline script into the built `html` ahead of its first stylesheet and module script. An
 * inline script after a stylesheet waits until that stylesheet has loaded (the parser holds scripts
 * for pending stylesheets): ~30 ms later in a start's traces, for the second round of fetches this
 * script starts. Interleaved runs of bench:offline-ab: 12-15 ms sooner to the shell, new tab or settled.
 */
export function withPreloadScript(html: string, script: string): string {
  const firstBlocking = /<link\b[^>]*\brel="stylesheet"|<script\b[^>]*\btype="module"/i.exec(html);
  if (!firstBlocking) throw new Error('signed-in preload: index.html has no stylesheet or module script');
  const at = html.lastIndexOf('\n', firstBlocking.index) + 1;
  const indent = html.slice(at, firstBlocking.index);
  return `${html.slice(0, at)}${indent}<script>${script}</script>\n${html.slice(at)}`;
}

/** Adds the inline script to the built index.html. */
export function signedInPreloadPlugin(): Plugin {
  let base = '/';
  return {
    name: 'repairops-signed-in-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context): string {
        if (!context.bundle) return html;
        const preloads = signedInPreloads(context.bundle as unknown as Bundle);
        if (preloads.modules.length === 0) {
          this.warn('signed-in preload: no chunk of the signed-in start found');
          return html;
        }
        return withPreloadScript(html, preloadScript(preloads, base));
      },
    },
  };
}
