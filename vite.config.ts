import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './scripts/pwa-manifest.ts';
import { precompress } from './scripts/precompress.ts';
import { inlineErrCodes } from './scripts/vite-errcodes-inline.ts';
import { signInIcons } from './scripts/sign-in-icons.ts';
import { classicVendorsPlugin, isVendorShim } from './scripts/vite-classic-vendors.ts';
import { classicStartPlugin } from './scripts/vite-classic-start.ts';
import { compileHintsPlugin } from './scripts/vite-compile-hints.ts';
import { signedInPreloadPlugin } from './scripts/vite-signed-in-preload.ts';
import { signedInStartGroup } from './scripts/vite-signed-in-start.ts';

/** The node project's test files. */
const NODE_TESTS = globSync([
  'server/**/*.test.ts',
  'contract/**/*.test.ts',
  'scripts/**/*.test.ts',
  // The crash test spawns the real server.
  'tests/crash/**/*.test.ts',
  // Several real server processes on one PostgreSQL (skipped without REPAIROPS_TEST_PG_URL).
  'tests/cluster/**/*.test.ts',
]);

/**
 * What makes a node test file need a module graph of its own: it replaces modules or globals
 * (vi.mock and its hoisted state, stubs, spies, fake timers) or changes the process (listeners, the
 * working directory, the environment). The server keeps no state in its modules (docs/architecture.md:
 * nothing process-local), so the other files share their worker's modules (decision 0057).
 */
const NODE_NEEDS_ISOLATION =
  /vi\.(mock|doMock|hoisted|stub\w*|unstub\w*|resetModules|useFakeTimers|spyOn)\b|process\.(on|once|chdir)\(|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\./;
const isolatedNodeTest = (f: string) => NODE_NEEDS_ISOLATION.test(readFileSync(f, 'utf8'));
const NODE_ISOLATED = NODE_TESTS.filter(isolatedNodeTest);
const NODE_SHARED = NODE_TESTS.filter((f) => !isolatedNodeTest(f));

/** The server tests that run through tests/setup/server-harness.ts (those the `node-pg` project repeats). */
function serverHarnessTests(): string[] {
  return globSync('server/**/*.test.ts').filter((f) => {
    const source = readFileSync(f, 'utf8');
    // A file whose subject has no SQL of its own says so ("suite-on-postgresql: skip", with why).
    return source.includes('#tests/setup/server-harness.ts') && !source.includes('suite-on-postgresql: skip');
  });
}
const ON_POSTGRES = serverHarnessTests();

/**
 * One project per isolation: `name` runs the files that share their worker's modules (isolate: false),
 * `name-isolated` the others, with the same settings.
 */
function nodeProjects(name: string, files: string[], test: Record<string, unknown>) {
  const shared = files.filter((f) => NODE_SHARED.includes(f));
  const isolated = files.filter((f) => NODE_ISOLATED.includes(f));
  return [
    { extends: true as const, test: { ...test, name, include: shared, isolate: false } },
    { extends: true as const, test: { ...test, name: `${name}-isolated`, include: isolated } },
  ];
}

/**
 * What makes a web test file need a module graph and a jsdom of its own: it renders (Testing Library,
 * the app), replaces modules or globals (vi.mock, stubs, spies, fake timers), touches the browser's
 * state (DOM, storage, IndexedDB, navigator) or the app's (query client, session, stored values,
 * anything under src/app/), or uses a setup helper other than the barcode images'.
 */
const NEEDS_ISOLATION =
  /@testing-library\/react|render-app|renderHook|vi\.(mock|doMock|stub\w*|unstub\w*|resetModules|useFakeTimers|spyOn)\b|indexedDB|idb-keyval|\bIDB|\bwindow\.|\bdocument\.|localStorage|sessionStorage|navigator\.|@tanstack\/react-query|auth\/session|lib\/storage|#tests\/setup\/(?!barcode-image)|#src\/app\//;

/**
 * The web test files of pure logic (models, formatters, parsers): they share their worker's module
 * graph and jsdom (`isolate: false`), which saved ~2 s of jsdom start and setup import per file
 * (decision 0057). Every other web file keeps its own.
 */
function webTestsSharingAWorker(): string[] {
  return globSync(['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}']).filter(
    (f) => !f.startsWith('src/app/') && !NEEDS_ISOLATION.test(readFileSync(f, 'utf8')),
  );
}
const WEB_SHARED = webTestsSharingAWorker();

/** Left out of the icons chunk: the sign-in route would take it whole (scripts/sign-in-icons.ts). */
const SIGN_IN_ICONS = signInIcons();

/** The signed-in start's own code as one chunk (scripts/vite-signed-in-start.ts). */
const signedInStart = signedInStartGroup();

const apiTarget = `http://localhost:${process.env.API_PORT ?? 8787}`;

export default defineConfig({
  plugins: [
    // React with the router, and Mantine, as classic scripts that V8's code cache serves
    // (scripts/vite-classic-vendors.ts, decision 0061).
    !process.env.VITEST && classicVendorsPlugin(),
    // Learns the signed-in start's modules for its chunk group (scripts/vite-signed-in-start.ts).
    !process.env.VITEST && signedInStart.plugin,
    // index.html asks for a signed-in start's chunks itself (scripts/vite-signed-in-preload.ts).
    !process.env.VITEST && signedInPreloadPlugin(),
    // V8 compiles the signed-in start's files whole while they stream in (scripts/vite-compile-hints.ts;
    // COMPILE_HINTS=none builds without, for the benches' A/B runs).
    !process.env.VITEST && process.env.COMPILE_HINTS !== 'none' && compileHintsPlugin(),
    // The entry's graph and the signed-in start's group as two classic scripts that V8's code cache
    // serves, once the files are written (scripts/vite-classic-start.ts, decision 0062).
    // CLASSIC_START=off builds the start as modules, for the benches' A/B runs.
    !process.env.VITEST && process.env.CLASSIC_START !== 'off' && classicStartPlugin(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader goes in its page's lazy chunk, not in the route tree (which is in the sign-in
      // page's first load, decision 0025): loaders ask for the page's lists (src/app/page-data.ts),
      // and the boot fetches that chunk at once (boot-order.ts). Decision 0054.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
    }),
    react(),
    // Lingui's macros need Babel: without this preset the build passes but ships broken macro code.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    // `ErrCode.NAME` becomes its number in the PWA's build (scripts/vite-errcodes-inline.ts).
    !process.env.VITEST && inlineErrCodes(),
    // The service worker (src/sw.ts) and the web manifest; the page registers the worker itself
    // (src/app/service-worker.ts) so updates are offered, never forced. Not in unit tests.
    !process.env.VITEST &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: pwaManifest,
        includeManifestIcons: true,
        injectManifest: {
          rollupFormat: 'iife',
          // The shell, every lazy route chunk, the three compiled catalogs, css, icons, manifest.
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        },
        devOptions: { enabled: false },
      }),
    // Brotli and gzip copies of the built files, served as they are (decision 0025). Last, after the
    // service worker is written.
    !process.env.VITEST && {
      name: 'repairops-precompress',
      apply: 'build',
      enforce: 'post',
      closeBundle: {
        order: 'post',
        sequential: true,
        handler() {
          precompress('dist');
        },
      },
    },
  ],
  define: {
    // Another API host for shops that run the original back end (empty: same origin).
    'import.meta.env.VITE_API_BASE': JSON.stringify(process.env.VITE_API_BASE ?? ''),
  },
  server: {
    proxy: {
      '/api': apiTarget,
      // Development pages of the sandbox providers (WeChat scan, SMS inbox).
      '/sandbox': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Shared chunks are named by their hash alone: the entry lists every file the lazy pages need
        // (Vite's preload lists), ~190 names in the sign-in route's first load, and their descriptive
        // names cost ~0.9 kB after gzip (decision 0025). Pages (dynamic entries) and the framework keep
        // their names, for the bench's listing and for reading a trace.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry || chunk.name === 'framework' ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        codeSplitting: {
          // A group holds the modules its test names, not also what they import: with the default, the
          // query group took in the providers' contexts and so came into the sign-in page's first load.
          includeDependenciesRecursively: false,
          groups: [
            // React and the router are a classic script now (scripts/vite-classic-vendors.ts, decision
            // 0061); what the app imports of them is a shim module per id, which the groups keep
            // together, as the framework chunk kept React and the router (decision 0025).
            { name: 'framework', test: (id: string) => isVendorShim(id, 'framework') },
            { name: 'mantine', test: (id: string) => isVendorShim(id, 'mantine') },
            // Mantine (core, hooks and what they import) in one chunk: split by use it came in ~60
            // chunks of 65 B to 22 kB, and an offline start of the signed-in app fetched, compiled and
            // linked each on its own, with a <link rel=modulepreload> apiece (~0.4 ms each on the
            // page's main thread). One chunk: the shell 80-100 ms sooner in interleaved runs of
            // scripts/bench/offline-ab.ts (issue 15). The sign-in page does not use Mantine (decision
            // 0025); its first load does not include this chunk.
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|tslib|react-style-singleton|get-nonce|detect-node-es|clsx|react-textarea-autosize|react-number-format)[\\/]/,
            },
            // TanStack Query (core, React bindings, persister) and the tabler icons, one chunk each: by
            // use they came in ~6 and ~12 chunks of 0.2-18 kB, and an offline start fetched 11 of them
            // on its own (each request ~0.3-0.9 ms of the page's main thread before any answer). In
            // interleaved bench:offline-ab runs the shell came 23-36 ms sooner with the query chunk,
            // and 17-44 ms sooner again with the icons (15 kB: every icon the app draws but the
            // sign-in route's; issue 15). The two query modules the boot chunk imports (the
            // providers' contexts) stay out.
            {
              name: 'icons',
              test: (id: string) => {
                const icon = /node_modules[\\/]@tabler[\\/]icons-react[\\/].*[\\/]icons[\\/](\w+)\.mjs$/.exec(
                  id,
                );
                return !!icon && !SIGN_IN_ICONS.has(icon[1]!);
              },
            },
            {
              name: 'query',
              test: (id: string) =>
                /node_modules[\\/]@tanstack[\\/](query-core|react-query|query-persist-client-core|react-query-persist-client)[\\/]/.test(
                  id,
                ) && !/[\\/](QueryClientProvider|IsRestoringProvider)\.js$/.test(id),
            },
            // The app's own code that every signed-in start runs (the app layout, the data layer,
            // Mantine's root, the landing page and what they import), one chunk instead of ~22 of
            // 0.3-3 kB: the shell 42 ms sooner in interleaved bench:offline-ab runs (medians 338 vs
            // 382, 343 vs 385 ms), and 18-24 ms more with the landing page in it.
            { name: 'signed-in-start', test: signedInStart.test },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, which left a
    // core idle while server and PostgreSQL tests wait on I/O (child processes, databases, timers).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...nodeProjects('node', NODE_TESTS, {
        environment: 'node',
        // Sign-in tests hash passwords with scrypt; under a loaded machine 5 s is too tight.
        testTimeout: 20_000,
      }),
      // The server suite again on PostgreSQL (every test server on its own database cloned from a
      // template, tests/setup/pg-databases.ts) whenever REPAIROPS_TEST_PG_URL names a cluster, as
      // `npm test` does with its throwaway one (decision 0034). REPAIROPS_TEST_SUITE_ON_PG=0 leaves it out.
      ...(process.env.REPAIROPS_TEST_PG_URL && process.env.REPAIROPS_TEST_SUITE_ON_PG !== '0'
        ? nodeProjects('node-pg', ON_POSTGRES, {
            environment: 'node',
            testTimeout: 20_000,
            // A test server's database is a copy of a template (CREATE DATABASE … TEMPLATE).
            hookTimeout: 30_000,
            env: { REPAIROPS_TEST_DB: 'postgres' },
          })
        : []),
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // A thread, not a process, for each isolated file: the web files alone took 170 s instead
          // of 231 s (433 -> 315 s of CPU), with the same 540 tests passing (decision 0066).
          pool: 'threads',
          include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          exclude: WEB_SHARED,
          setupFiles: ['tests/setup/web.ts'],
          // Screen tests drive the real server in process; on 2 busy cores a flow takes seconds.
          testTimeout: 20_000,
        },
      },
      // The pure-logic web tests (webTestsSharingAWorker above): same environment and setup, one module
      // graph and one jsdom per worker. The setup file still runs before each file (vitest re-runs it).
      {
        extends: true,
        test: {
          name: 'web-shared',
          environment: 'jsdom',
          pool: 'threads',
          include: WEB_SHARED,
          isolate: false,
          setupFiles: ['tests/setup/web.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
