import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './node-flags.ts';

describe('SERVER_NODE_FLAGS and SERVER_ENV', () => {
  it('are on the production start scripts too, which run the built server', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const script of ['start', 'serve']) {
      const command = pkg.scripts[script]!;
      for (const flag of SERVER_NODE_FLAGS) expect(command).toContain(` ${flag} `);
      for (const [name, value] of Object.entries(SERVER_ENV))
        expect(command).toContain(`${name}=${value} node `);
      expect(command).toMatch(/ dist-server\/index\.mjs$/);
    }
  });
});
