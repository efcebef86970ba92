import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('SERVER_NODE_FLAGS', () => {
  it('are on the production start scripts too', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const script of ['start', 'serve'])
      for (const flag of SERVER_NODE_FLAGS) expect(pkg.scripts[script]).toContain(` ${flag} `);
  });
});
