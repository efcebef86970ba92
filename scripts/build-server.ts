// The production server as plain JavaScript (decision 0037): `npm run build`, `npm start`,
// `npm run serve`, `npm run start:cluster`, the end-to-end suite and `npm run bench:load` run
// dist-server/index.mjs. Run as .ts, every server process loaded Node's TypeScript stripper (a
// WebAssembly swc, ~17 MB of RSS) and kept each module's TypeScript source as well as the code
// compiled from it: ~35 MB of a process that must stay under 150 MB under load (issue 15).
// The project's own modules (server/, contract/ through the `#server` / `#contract` imports) are
// bundled; packages stay in node_modules, imported as they are (so pg, the xlsx writer and the
// socket.io PostgreSQL adapter are still loaded only when used). Takes well under a second.
import { rmSync } from 'node:fs';
import { rolldown } from 'rolldown';

export const SERVER_BUNDLE_DIR = 'dist-server';
export const SERVER_BUNDLE_ENTRY = `${SERVER_BUNDLE_DIR}/index.mjs`;

/** Builds into `dir` (a test builds elsewhere; packages must still resolve from it: stay in the repo). */
export async function buildServer(dir = SERVER_BUNDLE_DIR): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const bundle = await rolldown({
    input: {
      index: 'server/index.ts',
      // The OCR photo cleaner runs in worker threads from its own file (image-cleaner.ts).
      'clean-worker': 'server/modules/ocr/clean-worker.ts',
    },
    platform: 'node',
    // Packages and node: builtins (bare specifiers) are not bundled.
    external: [/^[^.#/]/],
    logLevel: 'warn',
  });
  await bundle.write({
    dir,
    format: 'esm',
    entryFileNames: '[name].mjs',
    chunkFileNames: '[name]-[hash].mjs',
  });
  await bundle.close();
}

if (import.meta.main) {
  const t0 = performance.now();
  await buildServer();
  process.stdout.write(
    `server built into ${SERVER_BUNDLE_DIR}/ in ${Math.round(performance.now() - t0)} ms\n`,
  );
}
