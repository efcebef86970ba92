import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInLoader, withStartScripts } from './lib/classic-start-html.ts';
import { bundleChunk } from './lib/bundle-chunk-fixture.ts';
import {
  SHARED_WITH_THE_BOOT_MAX_BYTES,
  buildClassicStart,
  shimModule,
  startScripts,
} from './vite-classic-start.ts';
import type { Bundle } from './vite-signed-in-preload.ts';

// A built app in miniature: the entry imports a shared chunk; the data layer (a root of the
// signed-in start) imports it too; a lazy page imports both, as ES modules, through their shims.
const FILES: Record<string, string> = {
  'assets/entry.js': `import { a } from './a.js';
globalThis.__fixtureEntryRuns = (globalThis.__fixtureEntryRuns ?? 0) + 1;
export const fromEntry = a + 1;`,
  'assets/a.js': `const counter = { n: 0 };
const a = 1;
function bump() { counter.n++; }
export { a, bump, counter };`,
  'assets/g.js': `import { a } from './a.js';
const g = a * 10;
const page = () => import('./lazy.js');
export { g, page };`,
  'assets/lazy.js': `import { g } from './g.js';
import { a, bump, counter } from './a.js';
bump();
export const sum = g + a;
export const seen = counter.n;`,
};

const bundle = (): Bundle => ({
  'assets/entry.js': bundleChunk('assets/entry.js', { isEntry: true, imports: ['assets/a.js'] }),
  'assets/a.js': bundleChunk('assets/a.js'),
  'assets/g.js': bundleChunk('assets/g.js', {
    imports: ['assets/a.js'],
    moduleIds: ['/repo/src/app/data-layer.ts', '\0ro-vendor:@mantine/core'],
  }),
  'assets/lazy.js': bundleChunk('assets/lazy.js', { imports: ['assets/g.js', 'assets/a.js'] }),
});

const HTML = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/entry.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/a.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head><body></body></html>`;

function builtApp(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'classic-start-'));
  mkdirSync(join(dir, 'assets'));
  for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, file), code);
  writeFileSync(join(dir, 'index.html'), HTML);
  return dir;
}

const g = globalThis as Record<string, unknown>;
afterEach(() => {
  for (const key of ['__RO_CORE', '__RO_CORE_LOAD', '__fixtureEntryRuns']) delete g[key];
});

describe('classic start', () => {
  it('splits the boot (entry first) from the signed-in start’s group', () => {
    expect(startScripts(bundle())).toEqual({
      boot: ['assets/entry.js', 'assets/a.js'],
      signedIn: ['assets/g.js'],
    });
  });

  it('puts a chunk of the group that a page without Mantine imports in the boot script', () => {
    const withSignIn: Bundle = {
      ...bundle(),
      // The sign-in page (no Mantine) shares a chunk with the signed-in start's group.
      'assets/login.js': bundleChunk('assets/login.js', { imports: ['assets/shared.js', 'assets/a.js'] }),
      'assets/shared.js': bundleChunk('assets/shared.js', { moduleIds: ['/repo/src/ui/mantine-root.tsx'] }),
      'assets/g.js': bundleChunk('assets/g.js', {
        imports: ['assets/a.js', 'assets/shared.js'],
        moduleIds: ['/repo/src/app/data-layer.ts', '\0ro-vendor:@mantine/core'],
      }),
      'assets/landing.js': bundleChunk('assets/landing.js', {
        facadeModuleId: '/repo/src/routes/app/dashboards/default.tsx?tsr-split=component',
        moduleIds: ['\0ro-vendor:@mantine/core'],
      }),
    };
    expect(startScripts(withSignIn)).toEqual({
      boot: ['assets/entry.js', 'assets/a.js', 'assets/shared.js'],
      signedIn: ['assets/g.js', 'assets/landing.js'],
    });
    // Not more than a little: every page runs the boot script, the sign-in page too.
    withSignIn['assets/shared.js'] = {
      ...bundleChunk('assets/shared.js', { moduleIds: ['/repo/src/ui/mantine-root.tsx'] }),
      code: 'x'.repeat(SHARED_WITH_THE_BOOT_MAX_BYTES + 1),
    };
    expect(() => startScripts(withSignIn)).toThrow(/pages without Mantine import 8193 bytes/);
  });

  it('runs the boot script once; the shims hand its exports to the lazy pages, and the signed-in script runs on demand', async () => {
    const dir = builtApp(FILES);
    const built = await buildClassicStart(dir, bundle(), '/');
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain(`<script defer src="/${built.boot}"></script>`);
    expect(html).not.toContain('type="module"');
    // The shims are preloaded: a lazy page imports them.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/entry.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(html).toContain('/assets/index.css');

    const script = (name: string) => readFileSync(join(dir, name), 'utf8');
    expect(script(built.boot).split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(script(built.boot)).toContain(`//# sourceMappingURL=${built.boot.slice('assets/'.length)}.map`);
    runInThisContext(script(built.boot));
    expect(g.__fixtureEntryRuns).toBe(1);

    // The signed-in script is not there yet: a shim of its chunks waits for it.
    let loads = 0;
    g.__RO_CORE_LOAD = async () => {
      loads += 1;
      runInThisContext(script(built.signedIn));
    };
    const at = (file: string) => pathToFileURL(join(dir, file)).href;
    const lazy = (await import(/* @vite-ignore */ at('assets/lazy.js'))) as { sum: number; seen: number };
    expect(lazy).toMatchObject({ sum: 11, seen: 1 });
    expect(loads).toBe(1);
    const entry = (await import(/* @vite-ignore */ at('assets/entry.js'))) as { fromEntry: number };
    expect(entry.fromEntry).toBe(2);
    // The entry's code ran once, in the boot script: its shim reads it, it does not run it again.
    expect(g.__fixtureEntryRuns).toBe(1);
    expect(script('assets/a.js')).not.toContain('counter.n++');
  });

  it('refuses a build whose start exports a binding that a function assigns later', async () => {
    const dir = builtApp({
      ...FILES,
      'assets/a.js': `let a = 1; const counter = { n: 0 };
function bump() { a += 1; }
export { a, bump, counter };`,
    });
    await expect(buildClassicStart(dir, bundle(), '/')).rejects.toThrow(
      'classic start: assets/a.js exports a, which a function assigns later',
    );
  });

  it('a boot chunk’s shim says so when the boot script has not run', async () => {
    const url = `data:text/javascript,${encodeURIComponent(shimModule('x.js', ['a'], false))}`;
    await expect(import(/* @vite-ignore */ url)).rejects.toThrow('x.js: the start script has not run');
  });

  it('preloads the boot’s shims for a stored session only, not on the sign-in page', () => {
    const html = `${HTML}\n<link rel="modulepreload" crossorigin href="/assets/dep.js">`;
    const loader = signedInLoader('/assets/core-signed-in-x.js', 'g.js', 'token', ['/assets/dep.js']);
    const out = withStartScripts(html, '/', 'assets/entry.js', '/assets/core-boot-x.js', loader, [
      'assets/entry.js',
      'assets/dep.js',
    ]);
    // Only inside the stored session's document.write, no longer a tag of its own.
    expect(out.match(/<link rel="modulepreload" crossorigin href="\/assets\/dep.js">/g)).toHaveLength(1);
    expect(out).toContain(`'<link rel="modulepreload" crossorigin href="/assets/dep.js">'`);
  });

  it('puts the boot script in the entry module’s place, and refuses an index.html without it', () => {
    const out = withStartScripts(HTML, '/', 'assets/entry.js', '/assets/core-boot-x.js', 'l()');
    expect(out).toContain('<script defer src="/assets/core-boot-x.js"></script>\n    <script>l()</script>');
    expect(() => withStartScripts('<html></html>', '/', 'assets/entry.js', '/b.js', 'l()')).toThrow(
      'no module script for assets/entry.js',
    );
  });
});
