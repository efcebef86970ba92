// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the built PWA, so
// the server sends them as they are (@fastify/static preCompressed) without compressing per request.
// docs/decisions/0025-first-load-budget.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this, the headers outweigh the gain. */
const MIN_BYTES = 1024;

export function precompress(dir: string): { files: number; raw: number; br: number; gz: number } {
  const total = { files: 0, raw: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
      const body = readFileSync(path);
      if (body.length < MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gz = gzipSync(body, { level: 9 });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gz);
      total.files++;
      total.raw += body.length;
      total.br += br.length;
      total.gz += gz.length;
    }
  };
  walk(dir);
  return total;
}
