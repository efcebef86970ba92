import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints as contract } from '#contract/endpoints.ts';
import { endpoints as generated } from '#contract/endpoint-paths.generated.ts';
import { GENERATED_PATHS_FILE, renderEndpointPaths } from './lib/contract-paths.ts';

describe("the PWA's paths-only contract (contract/endpoint-paths.generated.ts)", () => {
  it('is what `npm run contract:paths` writes from the contract now', async () => {
    expect(readFileSync(GENERATED_PATHS_FILE, 'utf8')).toBe(await renderEndpointPaths(contract));
  });

  it('has every endpoint with its path and tokenInQuery, and nothing else', () => {
    const expected = Object.fromEntries(
      Object.entries(contract).map(([name, e]) => [
        name,
        'tokenInQuery' in e && e.tokenInQuery ? { path: e.path, tokenInQuery: true } : { path: e.path },
      ]),
    );
    expect(generated).toEqual(expected);
  });

  it('imports types only: nothing of the contract runs in the PWA', () => {
    const imports = readFileSync(GENERATED_PATHS_FILE, 'utf8').match(/^import .*$/gm) ?? [];
    expect(imports.length).toBeGreaterThan(0);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });

  it('renders a tokenInQuery endpoint with the flag and a plain one without', async () => {
    const text = await renderEndpointPaths({
      a: { path: '/api/x/a' },
      b: { path: '/api/x/b', tokenInQuery: true },
    });
    expect(text).toContain("  a: { path: '/api/x/a' },\n");
    expect(text).toContain("  b: { path: '/api/x/b', tokenInQuery: true },\n");
  });
});
