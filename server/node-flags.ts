/**
 * V8 flags every production server process runs with: `npm start` and `npm run serve` (package.json
 * repeats them; server/node-flags.test.ts checks), each process of `npm run start:cluster`, and the
 * server that `npm run bench:load` measures.
 *
 * --max-semi-space-size=8 (MiB): V8 grows its young generation with the allocation rate, up to
 * 64 MiB per semi-space on this machine; under a steady list load (each answer allocates ~100 kB
 * that dies at once) it reached 128 MiB of new space, most of the server's RSS growth (338-405 MB
 * peak). Capped at 8 MiB (16 MiB of new space) the peak stayed under 190 MB and the CPU per request
 * did not measurably change: what a scavenge costs grows with the objects that survive, not with the
 * garbage, and a request's garbage is all dead by the next scavenge.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
