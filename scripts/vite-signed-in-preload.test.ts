import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleChunk } from './lib/bundle-chunk-fixture.ts';
import { preloadScript, signedInPreloads, withPreloadScript } from './vite-signed-in-preload.ts';

const chunk = bundleChunk;

/** A bundle shaped like the app's: the entry, the signed-in start's chunks, catalogs, a lazy page. */
const bundle = Object.fromEntries(
  [
    chunk('index.js', { isEntry: true, imports: ['framework.js'], moduleIds: ['/p/src/main.tsx'] }),
    chunk('framework.js'),
    // Dynamic-import facades of two roots, and the group chunk holding the others.
    chunk('mantine-root.js', { facadeModuleId: '/p/src/ui/mantine-root.tsx', imports: ['start.js'] }),
    chunk('start.js', {
      moduleIds: [
        '/p/src/app/data-layer.ts',
        '/p/src/ui/mantine-root.tsx',
        '/p/src/routes/app.tsx?tsr-split=component',
        '/p/src/routes/app/dashboards/default.tsx?tsr-split=component',
      ],
      imports: ['mantine.js', 'framework.js', 'query-persistence.js'],
      viteMetadata: { importedCss: new Set(['start.css']) },
    }),
    chunk('mantine.js', { viteMetadata: { importedCss: new Set(['mantine.css']) } }),
    chunk('query-persistence.js'),
    // The API client's ofetch, imported dynamically by the entry on the first call.
    chunk('ofetch.js', { moduleIds: ['/p/node_modules/ofetch/dist/index.mjs'], imports: ['destr.js'] }),
    chunk('destr.js'),
    chunk('zh-sign-in.js', { facadeModuleId: '/p/locales/sign-in/zh.po' }),
    chunk('zh.js', { facadeModuleId: '/p/locales/zh.po', imports: ['po-runtime.js'] }),
    chunk('po-runtime.js'),
    chunk('en-sign-in.js', { facadeModuleId: '/p/locales/sign-in/en.po' }),
    chunk('en.js', { facadeModuleId: '/p/locales/en.po' }),
    chunk('es-sign-in.js', { facadeModuleId: '/p/locales/sign-in/es.po' }),
    chunk('es.js', { facadeModuleId: '/p/locales/es.po' }),
    // A page opened later: not preloaded.
    chunk('reports.js', {
      facadeModuleId: '/p/src/routes/app/reports.tsx?tsr-split=component',
      imports: ['charts.js'],
    }),
    chunk('charts.js'),
  ].map((c) => [c.fileName, c]),
);

describe('signedInPreloads', () => {
  it("lists the signed-in start's chunks and their imports, less the entry's, and their stylesheets", () => {
    const preloads = signedInPreloads({
      ...bundle,
      'favicon.svg': { type: 'asset', fileName: 'favicon.svg' },
    });
    expect(preloads.modules).toEqual([
      'destr.js',
      'mantine-root.js',
      'mantine.js',
      'ofetch.js',
      'query-persistence.js',
      'start.js',
    ]);
    expect(preloads.stylesheets).toEqual(['mantine.css', 'start.css']);
    // The landing page is the start's own; another page is asked for by its path.
    expect(preloads.pages).toEqual({ '/app/reports': ['charts.js', 'reports.js'] });
  });

  it("gives each language its two catalogs and what they import, and no other page's code", () => {
    const { catalogs, modules } = signedInPreloads(bundle);
    expect(catalogs).toEqual({
      zh: ['po-runtime.js', 'zh-sign-in.js', 'zh.js'],
      en: ['en-sign-in.js', 'en.js'],
      es: ['es-sign-in.js', 'es.js'],
    });
    expect([...modules, ...Object.values(catalogs).flat()]).not.toContain('reports.js');
    expect([...modules, ...Object.values(catalogs).flat()]).not.toContain('charts.js');
  });
});

/** Runs the inline script against a stored `storage`; returns the links it added, as `rel as href`. */
function linksAdded(storage: Record<string, string> | 'throws', hash = '#/app/dashboards/default'): string[] {
  const added: string[] = [];
  const document = {
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (l: Record<string, string>) => added.push(`${l.rel} ${l.as ?? '-'} ${l.href}`) },
  };
  const localStorage = {
    getItem: (key: string) => {
      if (storage === 'throws') throw new Error('SecurityError');
      return storage[key] ?? null;
    },
  };
  runInNewContext(preloadScript(signedInPreloads(bundle), '/assets/'), {
    document,
    localStorage,
    location: { hash },
  });
  return added;
}

describe('preloadScript', () => {
  it('adds nothing without a stored session, or when storage cannot be read (the sign-in page)', () => {
    expect(linksAdded({})).toEqual([]);
    expect(linksAdded({ language: 'en' })).toEqual([]);
    expect(linksAdded('throws')).toEqual([]);
  });

  it("preloads the modules, the stored language's catalogs and the stylesheets for a stored session", () => {
    expect(linksAdded({ token: 't', language: 'en' })).toEqual([
      'modulepreload - /assets/destr.js',
      'modulepreload - /assets/mantine-root.js',
      'modulepreload - /assets/mantine.js',
      'modulepreload - /assets/ofetch.js',
      'modulepreload - /assets/query-persistence.js',
      'modulepreload - /assets/start.js',
      'modulepreload - /assets/en-sign-in.js',
      'modulepreload - /assets/en.js',
      'preload style /assets/mantine.css',
      'preload style /assets/start.css',
    ]);
  });

  it('preloads the page the tab opens, with its own imports, by its hash path', () => {
    const links = linksAdded({ token: 't', language: 'en' }, '#/app/reports?range=week');
    expect(links.filter((l) => /reports|charts/.test(l))).toEqual([
      'modulepreload - /assets/charts.js',
      'modulepreload - /assets/reports.js',
    ]);
    for (const hash of ['', '#/app/unknown', '#/__proto__', '#/app/dashboards/default'])
      expect(linksAdded({ token: 't' }, hash).filter((l) => /reports|charts/.test(l))).toEqual([]);
  });

  it('falls back to zh for no language, an unknown one or a key every object has', () => {
    for (const language of [undefined, 'fr', '__proto__', 'constructor']) {
      const links = linksAdded(language === undefined ? { token: 't' } : { token: 't', language });
      expect(links.filter((l) => l.includes('sign-in'))).toEqual(['modulepreload - /assets/zh-sign-in.js']);
    }
  });
});

describe('withPreloadScript', () => {
  // Vite's built head: the entry, its modulepreloads, then the stylesheet.
  const built = [
    '<head>',
    '    <script>theme()</script>',
    '    <title>RepairOps</title>',
    '    <script type="module" crossorigin src="/assets/index.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/assets/framework.js">',
    '    <link rel="stylesheet" crossorigin href="/assets/index.css">',
    '</head>',
  ].join('\n');

  it('puts the script ahead of the first module script and stylesheet, so that it waits for neither', () => {
    const lines = withPreloadScript(built, 'preload()').split('\n');
    expect(lines.indexOf('    <script>preload()</script>')).toBe(3);
    expect(lines[4]).toContain('type="module"');
    expect(lines).toHaveLength(8);
  });

  it('goes ahead of a stylesheet that comes first', () => {
    const cssFirst = built.replace(
      '    <script type="module"',
      '    <link rel="stylesheet" href="/assets/a.css">\n    <script type="module"',
    );
    const lines = withPreloadScript(cssFirst, 'preload()').split('\n');
    expect(lines[3]).toBe('    <script>preload()</script>');
    expect(lines[4]).toContain('a.css');
  });

  it('refuses a page with neither (the build would ship without its preloads unnoticed)', () => {
    expect(() => withPreloadScript('<head></head>', 'preload()')).toThrow(/no stylesheet or module script/);
  });
});
