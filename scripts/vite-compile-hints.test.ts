import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './vite-compile-hints.ts';
import { bundleChunk } from './lib/bundle-chunk-fixture.ts';
import { pageOpenFiles, signedInStartFiles } from './vite-signed-in-preload.ts';

const chunk = bundleChunk;

/** The app's shape: the entry, the signed-in start, a page with a static and a lazy import, the sign-in page. */
function appBundle() {
  return Object.fromEntries(
    [
      chunk('index.js', { isEntry: true, imports: ['framework.js'] }),
      chunk('framework.js'),
      chunk('start.js', { moduleIds: ['/p/src/app/data-layer.ts'], imports: ['mantine.js'] }),
      chunk('mantine.js'),
      chunk('reports.js', {
        facadeModuleId: '/p/src/routes/app/reports.tsx?tsr-split=component',
        imports: ['zod.js'],
      }),
      chunk('zod.js'),
      // The page's error component: loaded on a failure only.
      chunk('reports-error.js', { facadeModuleId: '/p/src/routes/app/reports.tsx?tsr-split=errorComponent' }),
      // What the page imports on a click (a dynamic import): not in its open.
      chunk('spreadsheet.js', { facadeModuleId: '/p/node_modules/xlsx/xlsx.mjs' }),
      chunk('login.js', { facadeModuleId: '/p/src/features/auth/LoginPage.tsx' }),
    ].map((c) => [c.fileName, c]),
  );
}

describe('the files that get the compile hint', () => {
  it("are the signed-in start's and each page's own chunk with its static imports, not its lazy tools or error component", () => {
    const bundle = appBundle();
    expect(signedInStartFiles(bundle)).toEqual(['framework.js', 'index.js', 'mantine.js', 'start.js']);
    expect(pageOpenFiles(bundle)).toEqual(['reports.js', 'zod.js']);
  });
});

describe('addCompileHints', () => {
  it('puts the magic comment on the first line and moves the source map one line down', () => {
    const bundle: Record<string, unknown> = {
      ...appBundle(),
      'framework.js.map': {
        type: 'asset',
        fileName: 'framework.js.map',
        source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }),
      },
    };
    (bundle['framework.js'] as { map?: { mappings: string } }).map = { mappings: 'AAAA;AACA' };
    expect(addCompileHints(bundle, ['framework.js', 'favicon.svg', 'missing.js'])).toEqual(['framework.js']);
    const framework = bundle['framework.js'] as { code: string; map: { mappings: string } };
    expect(framework.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(framework.code.split('\n')[1]).toBe('export const file = "framework.js";');
    expect(framework.map.mappings).toBe(';AAAA;AACA');
    const asset = bundle['framework.js.map'] as { source: string };
    expect(JSON.parse(asset.source)).toEqual({ version: 3, mappings: ';AAAA;AACA' });
  });

  it('reads a source map stored as bytes, and hints a file once however often it is asked', () => {
    const bundle: Record<string, unknown> = {
      ...appBundle(),
      'zod.js.map': {
        type: 'asset',
        fileName: 'zod.js.map',
        source: new TextEncoder().encode(JSON.stringify({ mappings: 'AAAA' })),
      },
    };
    addCompileHints(bundle, ['zod.js']);
    expect(addCompileHints(bundle, ['zod.js'])).toEqual([]);
    expect((bundle['zod.js'] as { code: string }).code.match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
    expect(JSON.parse((bundle['zod.js.map'] as { source: string }).source)).toEqual({ mappings: ';AAAA' });
  });
});
