/**
 * How every production server process runs: `npm start` and `npm run serve` (package.json repeats
 * them; server/node-flags.test.ts checks), each process of `npm run start:cluster`, and the server
 * that `npm run bench:load` measures. All of them run the built server, dist-server/index.mjs
 * (scripts/build-server.ts, decision 0037), not the TypeScript sources.
 *
 * --max-semi-space-size=4 (MiB): V8 grows its young generation with the allocation rate, up to
 * 64 MiB per semi-space on this machine; under a steady list load (each answer allocates ~100 kB
 * that dies at once) it reached 128 MiB of new space, most of the server's RSS growth (338-405 MB
 * peak). Capped at 4 MiB (8 MiB of new space) the CPU per request did not measurably change (0.76
 * ms at 8, 4 and 2 MiB): what a scavenge costs grows with the objects that survive, not with the
 * garbage, and a request's garbage is all dead by the next scavenge.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=4',
  // After each full collection V8 lets the old generation grow to live size x a factor it picks
  // (up to 4x for a small heap) before the next. Under the list load what reaches the old generation
  // is mostly garbage (objects of requests still in flight at two scavenges): heap snapshots taken
  // before and after 10 s of load hold the same ~27 MB, yet the old space grew 27 -> 56 MB between
  // full collections. A fixed 1.2x collects it sooner: peak RSS 163-170 -> 140-145 MB at the same
  // CPU per request (0.60 ms), in 15 s runs of bench:load.
  '--heap-growing-percent=20',
];

/**
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's compiler and GC helpers, libuv's
 * pool) an arena of its own, up to 8 per core, and keeps their freed memory; two arenas are plenty
 * for one event loop and cut the server's malloc share of its RSS.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
