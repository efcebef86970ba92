// suite-on-postgresql: skip. Response headers, no SQL of their own: left out of the PostgreSQL run.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { createTestServer, type TestServer } from '#tests/setup/server-harness.ts';
import { inlineScriptHashes } from './security-headers.ts';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const THEME = "(function(){document.documentElement.dataset.x='1'})();";
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("script-src-attr 'none'");
  expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers on every answer', () => {
  it('an API answer carrying a token: CSP, nosniff, no-referrer, and Cache-Control: no-store', async () => {
    s = await createTestServer();
    const uniqid = await s.puzzle();
    const res = await s.call(endpoints.login.path, {
      username: 'admin',
      password: 'repair2026',
      tn_r: 150,
      uniqid,
    });
    expect(res.errcode).toBe(0);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('errors and unknown paths too', async () => {
    s = await createTestServer();
    const refused = await s.call(endpoints.getUser.path, {});
    expectSecurityHeaders(refused.headers);
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await s.app.inject({ method: 'GET', url: '/nothing-here' });
    expectSecurityHeaders(missing.headers);
  });

  it('the sandbox SMS page (server-rendered) is served under the CSP', async () => {
    s = await createTestServer();
    const page = await s.app.inject({ method: 'GET', url: '/sandbox/sms' });
    expect(page.statusCode).toBe(200);
    // Its own policy is stricter (no script at all); it still may not be framed.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.body).not.toMatch(/<script(?![^>]*src=)/);
  });

  it("the shell's inline theme script is allowed by its hash, computed at start, and nothing else inline", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repairops-csp-'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><script>${THEME}</script></head><body></body></html>`,
    );
    s = await createTestServer({ config: { staticDir: dir } });
    const shell = await s.app.inject({ method: 'GET', url: '/' });
    expect(shell.statusCode).toBe(200);
    expectSecurityHeaders(shell.headers);
    expect(String(shell.headers['content-security-policy'])).toContain(`script-src 'self' ${sha(THEME)}`);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, not those with a src', () => {
    const html = `<script>${THEME}</script><script type="module" src="/assets/index.js"></script><script>b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha(THEME), sha('b()')]);
  });
});
