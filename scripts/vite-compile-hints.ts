// V8's explicit compile hints for the code a page's open runs (issue 27, the page budget; decision
// 0060). V8 compiles a function lazily, on the main thread, the first time it runs; a new tab of the
// app ran ~7,000 such compiles before its first frame (~280 ms of thread time under tracing), and this
// Chromium never takes a module script from its code cache (`npm run bench:code-cache`: classic
// scripts are, from their third load; module scripts never, from the HTTP cache or the service
// worker's). A file that starts with the magic comment `//# allFunctionsCalledOnLoad` is compiled
// whole, eagerly, while it streams in, off the main thread (Chromium 136+). Only what an open runs
// gets it (the signed-in start, each page's own chunk and its static imports): eager compiles of code
// that never runs would cost memory and CPU for nothing, so the tools a page loads on a click, the
// workers and the catalogs stay as they are.
import type { Plugin } from 'vite';
import { type Bundle, pageOpenFiles, signedInStartFiles } from './vite-signed-in-preload.ts';

/** The magic comment: V8 reads it on the file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** What the plugin changes of a chunk and of its source map (Rolldown's OutputChunk / OutputAsset). */
interface HintedChunk {
  type: 'chunk';
  fileName: string;
  code: string;
  map?: { mappings: string } | null;
}
interface MapAsset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

/**
 * Puts the hint on the first line of each file in `fileNames`, and moves its source map one line down
 * (a `;` ahead of the mappings is an empty first line), so stack traces still point at the source.
 */
export function addCompileHints(bundle: Record<string, unknown>, fileNames: Iterable<string>): string[] {
  const hinted: string[] = [];
  for (const fileName of fileNames) {
    const chunk = bundle[fileName] as HintedChunk | undefined;
    if (chunk?.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const asset = bundle[`${fileName}.map`] as MapAsset | undefined;
    if (asset?.type === 'asset') {
      const text = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
      const map = JSON.parse(text) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      asset.source = JSON.stringify(map);
    }
    hinted.push(fileName);
  }
  return hinted.sort();
}

/** Adds the compile hint to the signed-in start's chunks (the entry's, what index.html preloads) and the pages'. */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'repairops-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = bundle as unknown as Bundle;
        const start = signedInStartFiles(chunks);
        if (start.length === 0) this.warn('compile hints: no chunk of the signed-in start');
        addCompileHints(bundle, new Set([...start, ...pageOpenFiles(chunks)]));
      },
    },
  };
}
