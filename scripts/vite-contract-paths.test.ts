import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { contractPathsOnly } from './vite-contract-paths.ts';

describe("the PWA's paths-only contract", () => {
  it('has every endpoint with its path and tokenInQuery, and nothing else (no schema, no zod)', async () => {
    const plugin = contractPathsOnly();
    const load = plugin.load as (id: string) => Promise<string | null>;
    const code = await load.call({}, resolve('contract/endpoints.ts'));
    expect(code).not.toBeNull();
    expect(code).not.toMatch(/zod|import /);
    const generated = (await import(`data:text/javascript,${encodeURIComponent(code!)}`)) as {
      endpoints: Record<string, unknown>;
    };
    const expected = Object.fromEntries(
      Object.entries(endpoints).map(([name, e]) => [
        name,
        'tokenInQuery' in e && e.tokenInQuery ? { path: e.path, tokenInQuery: true } : { path: e.path },
      ]),
    );
    expect(generated.endpoints).toEqual(expected);
  });

  it('leaves every other module alone', async () => {
    const load = contractPathsOnly().load as (id: string) => Promise<string | null>;
    expect(await load.call({}, resolve('contract/endpoint.ts'))).toBeNull();
    expect(await load.call({}, resolve('src/lib/api/client.ts'))).toBeNull();
  });
});
