// Docs that tell the truth (part of `npm test`): fails when README.md or a page of docs/ names a file or
// folder of the repository, an npm script or an environment variable that does not exist.
// What counts as a reference: scripts/lib/docs-references.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brokenReferences, extractReferences } from './lib/docs-references.ts';

const root = path.resolve(import.meta.dirname, '..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules') && keep(file));
}

// A proposed decision record describes files that do not exist yet: it is checked once accepted.
const proposed = (file: string) => /^Status: proposed/m.test(readFileSync(path.join(root, file), 'utf8'));
const docs = ['README.md', ...filesUnder('docs', (f) => f.endsWith('.md'))].filter((f) => !proposed(f));
const topLevel = new Set(readdirSync(root));
const references = docs.flatMap((file) =>
  extractReferences(file, readFileSync(path.join(root, file), 'utf8'), topLevel),
);

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const codeFiles = [
  ...['server', 'src', 'scripts', 'tests', 'contract'].flatMap((dir) =>
    filesUnder(dir, (f) => /\.(ts|tsx)$/.test(f)),
  ),
  ...['vite.config.ts', 'playwright.config.ts', 'lingui.config.ts', '.ci/run'],
];
const codeText = codeFiles.map((f) => readFileSync(path.join(root, f), 'utf8')).join('\n');

const problems = brokenReferences(references, { root, scripts: new Set(Object.keys(pkg.scripts)), codeText });
for (const problem of problems) console.error(`  ${problem}`);
console.log(`docs: ${references.length} references in ${docs.length} files, ${problems.length} broken`);
process.exitCode = problems.length === 0 ? 0 : 1;
