import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * sha256 sources of the inline scripts of the built shell (the theme script that paints the stored
 * colour scheme before any code loads): computed at start from dist/index.html, so the CSP allows
 * exactly that script and nothing else inline.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The headers helmet sets for these options, worked out once. Helmet's middleware only sets headers
 * (and removes X-Powered-By, which Fastify never sends); none of ours depends on the request (no
 * nonces, no directive functions), so they are the same for every answer. @fastify/helmet, used
 * before, rebuilt the middleware (parsing every CSP directive) on each request: a few percent of
 * the device list's CPU at 1,000 requests/s (scripts/bench/load.ts).
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name.toLowerCase(), value]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return headers;
}

/**
 * Security headers on every answer (decision 0024), from helmet: a strict
 * Content-Security-Policy (scripts only from this origin plus the shell's theme script by hash; no
 * inline event handlers, no eval, no plugins, not framed), X-Content-Type-Options: nosniff,
 * Referrer-Policy: no-referrer, and Cache-Control: no-store on every /api answer (they carry tokens
 * and personal data). Styles may be inline: Mantine sets CSS variables at run time and the
 * server-rendered sandbox pages carry their own <style>; style injection cannot run code.
 */
export function registerSecurityHeaders(app: FastifyInstance, staticDir: string): void {
  const shell = join(staticDir, 'index.html');
  const scriptHashes = existsSync(shell) ? inlineScriptHashes(readFileSync(shell, 'utf8')) : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Puzzle images and QR codes are data URLs; camera frames and downloads are blobs.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The PWA works on plain http in a shop's LAN: no HSTS or upgrade from here (a TLS proxy adds it).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    // The camera (barcode scanning) stays available to this origin.
    crossOriginEmbedderPolicy: false,
  });
  // On the raw response, as helmet does: answers written past Fastify's reply (static files) get
  // them too, and a route's own header (a stricter CSP) still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // A page that sets its own (stricter) policy still may not be framed.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('frame-ancestors'))
      reply.header('content-security-policy', `${csp}; frame-ancestors 'none'`);
    done(null, payload);
  });
}
