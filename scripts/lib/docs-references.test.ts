import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenReferences, extractReferences, fixedPrefix } from './docs-references.ts';

const topLevel = new Set(['server', 'docs', 'package.json', 'README.md']);

function repo() {
  const root = mkdtempSync(path.join(tmpdir(), 'docs-refs-'));
  mkdirSync(path.join(root, 'server/modules/auth'), { recursive: true });
  writeFileSync(path.join(root, 'server/app.ts'), '');
  return { root, scripts: new Set(['start', 'bench:load']), codeText: 'process.env.PORT; env.DATABASE_URL' };
}

describe('docs references', () => {
  it('passes when every named file, folder, script and variable exists', () => {
    const text = [
      'Run `npm run bench:load` with `PORT` and `DATABASE_URL`.',
      'See `server/app.ts`, `server/modules/<domain>/` and [the docs](docs/x.md#top).',
    ].join('\n');
    const refs = extractReferences('README.md', text, topLevel);
    const facts = repo();
    writeFileSync(path.join(facts.root, 'README.md'), '');
    mkdirSync(path.join(facts.root, 'docs'));
    writeFileSync(path.join(facts.root, 'docs/x.md'), '');
    expect(brokenReferences(refs, facts)).toEqual([]);
  });

  it('fails on a planted missing file, folder, script and variable', () => {
    const text = [
      'See `server/gone.ts` and `server/nowhere/`, then `npm run bench:gone`.',
      'Set `NO_SUCH_VARIABLE` and read [this](docs/missing.md).',
    ].join('\n');
    const problems = brokenReferences(extractReferences('README.md', text, topLevel), repo());
    expect(problems).toEqual([
      'README.md:1: npm run bench:gone: no such script in package.json',
      'README.md:1: server/gone.ts: does not exist',
      'README.md:1: server/nowhere/: does not exist',
      'README.md:2: NO_SUCH_VARIABLE: no code reads or names it',
      'README.md:2: docs/missing.md: does not exist',
    ]);
  });

  it('checks a placeholder path by its fixed prefix and skips URLs and other folders', () => {
    expect(fixedPrefix('server/modules/<domain>/wiring.ts')).toBe('server/modules');
    expect(fixedPrefix('locales/{locale}.po')).toBe('locales');
    expect(fixedPrefix('server/app.ts')).toBe('server/app.ts');
    const refs = extractReferences('README.md', '`/status/<token>` and `user/pay_integral`', topLevel);
    expect(refs).toEqual([]);
  });
});
