// What the README and docs/ name that must exist: files and folders of the repository, npm scripts and
// environment variables. Pure functions over the text; scripts/check-docs.ts reads the files.
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface DocReference {
  kind: 'path' | 'script' | 'env';
  name: string;
  /** Where it was met, e.g. README.md:12. */
  where: string;
}

/** Generated or local-only paths that docs may name although a clean clone does not have them. */
export const GENERATED_PATHS = [
  'dist',
  'dist-server',
  'data',
  'node_modules',
  'test-results',
  'playwright-report',
  'src/routeTree.gen.ts',
];

/** Names of the form ENV_VAR that docs use for things other than variables (none so far). */
const NOT_ENV = new Set<string>([]);

const EXTENSIONS = /\.(ts|tsx|js|mjs|json|md|po|css|html|svg|png|sh|yml|yaml|webmanifest)$/;

/** The first segment of a repository path: a top-level entry of the repository. */
function rootedAt(candidate: string, topLevel: ReadonlySet<string>): boolean {
  const first = candidate.split('/')[0] ?? '';
  return topLevel.has(first);
}

/** Cuts a path at its first placeholder (`<domain>`, `{locale}`, `*`, `…`, `NNNN`): its fixed prefix is what must exist. */
export function fixedPrefix(candidate: string): string {
  const cut = candidate.search(/[<{*…]|NNNN|\bN\b/);
  const head = cut === -1 ? candidate : candidate.slice(0, cut);
  if (cut === -1) return head.replace(/\/$/, '');
  // Keep whole segments only: `server/modules/<domain>/x` -> `server/modules`.
  return head.slice(0, head.lastIndexOf('/') + 1).replace(/\/$/, '');
}

export function extractReferences(file: string, text: string, topLevel: ReadonlySet<string>): DocReference[] {
  const found: DocReference[] = [];
  const lines = text.split('\n');
  let fenced = false;
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
    }
    for (const match of line.matchAll(/npm run ([a-z][\w:-]*)/g)) {
      const name = match[1] ?? '';
      if (!name.endsWith(':')) found.push({ kind: 'script', name: name.replace(/[.:]+$/, ''), where });
    }
    if (fenced) return;
    for (const match of line.matchAll(/`([^`\s]+)`/g)) {
      const token = (match[1] ?? '').replace(/^#(src|server|contract|tests|locales)\//, '$1/');
      if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(token) && !NOT_ENV.has(token)) {
        found.push({ kind: 'env', name: token, where });
        continue;
      }
      const candidate = token.replace(/^\.\//, '').replace(/[:,]$/, '');
      if (candidate.startsWith('/') || candidate.includes('://')) continue;
      if (rootedAt(candidate, topLevel) && (candidate.includes('/') || EXTENSIONS.test(candidate))) {
        found.push({ kind: 'path', name: candidate, where });
      }
    }
    // Markdown links to files of the repository, relative to the document.
    for (const match of line.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = match[1] ?? '';
      if (target.includes('://') || target.startsWith('mailto:')) continue;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      found.push({ kind: 'path', name: resolved, where });
    }
  });
  return found;
}

export interface RepoFacts {
  root: string;
  scripts: ReadonlySet<string>;
  /** Every environment variable name the code reads or sets (see scripts/check-docs.ts). */
  codeText: string;
}

/** The references that point at nothing, as problems to print. */
export function brokenReferences(references: DocReference[], facts: RepoFacts): string[] {
  const problems: string[] = [];
  for (const ref of references) {
    if (ref.kind === 'script' && !facts.scripts.has(ref.name)) {
      problems.push(`${ref.where}: npm run ${ref.name}: no such script in package.json`);
    } else if (ref.kind === 'env' && !new RegExp(`\\b${ref.name}\\b`, 'i').test(facts.codeText)) {
      // Without case: a name the code builds from a value (SMS_…_TEMPLATE_<PURPOSE> from 'binding_phone').
      problems.push(`${ref.where}: ${ref.name}: no code reads or names it`);
    } else if (ref.kind === 'path') {
      const prefix = fixedPrefix(ref.name);
      if (prefix === '' || GENERATED_PATHS.some((g) => prefix === g || prefix.startsWith(`${g}/`))) continue;
      if (!existsSync(path.join(facts.root, prefix)))
        problems.push(`${ref.where}: ${ref.name}: does not exist`);
    }
  }
  return problems;
}
