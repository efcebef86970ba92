import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built PWA when dist/ exists. Hashed assets are cached for a year; the shell, the
 * manifest and the service worker are always revalidated so a new version is found.
 */
export async function registerStaticFiles(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz copies (scripts/precompress.ts): sent as they are to browsers
    // that accept them, nothing compressed per request (decision 0025).
    preCompressed: true,
    setHeaders(reply, path) {
      if (path.includes(`${join(dir, 'assets')}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  return true;
}
