// The import boundaries and the size rules of eslint.config.js hold: planted files inside the tree
// (linted as text under a path, never written) break them and lint says so; an allowed import passes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { moduleUses } from '../eslint/boundaries.js';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The rule ids lint reports for `code` as if it were the file at `path` (relative to the repository). */
async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const zone = 'import-x/no-restricted-paths';

describe('import boundaries', () => {
  it('refuses a feature importing another feature by a relative path and by alias', async () => {
    const code = [
      "import { intakeReason } from '../repairs/model.ts';",
      "import { checksKeys } from '#src/features/checks/api/keys.ts';",
      'export const planted = [intakeReason, checksKeys];',
      '',
    ].join('\n');
    const ids = await ruleIds('src/features/wallet/planted.ts', code);
    expect(ids.filter((id) => id === zone)).toHaveLength(2);
  });

  it('lets a feature import its own folder, src/ui, src/lib and contract/', async () => {
    const code = [
      "import { notify } from '#src/ui/notify.ts';",
      "import { ErrCode } from '#contract/errcodes.ts';",
      "import { intakeReason } from './model.ts';",
      'export const planted = [notify, ErrCode, intakeReason];',
      '',
    ].join('\n');
    expect(await ruleIds('src/features/repairs/planted.ts', code)).toEqual([]);
  });

  it('refuses a server module importing a module it does not declare, and server/jobs', async () => {
    expect(moduleUses.exports).not.toContain('wallet');
    const code = [
      "import { PackageService } from '#server/modules/wallet/package-service.ts';",
      "import { RepairRunner } from '#server/jobs/repair-runner.ts';",
      'export const planted = [PackageService, RepairRunner];',
      '',
    ].join('\n');
    const ids = await ruleIds('server/modules/exports/planted.ts', code);
    expect(ids.filter((id) => id === zone)).toHaveLength(2);
  });

  it('lets a module import what it declares, and its wiring.ts any module', async () => {
    const code = [
      "import { SessionService } from '#server/modules/auth/session-service.ts';",
      "import { AppError } from '#server/lib/app-error.ts';",
      'export const planted = [SessionService, AppError];',
      '',
    ].join('\n');
    expect(await ruleIds('server/modules/exports/planted.ts', code)).toEqual([]);
    const wiring =
      "import { PackageService } from '#server/modules/wallet/package-service.ts';\nexport const planted = PackageService;\n";
    expect(await ruleIds('server/modules/exports/wiring.ts', wiring)).toEqual([]);
  });

  it('declares only real modules, and the modules use each other without a cycle', () => {
    const modules = readdirSync(join(root, 'server/modules'));
    const uses: Record<string, string[]> = moduleUses;
    for (const [name, used] of Object.entries(uses)) {
      expect(modules).toContain(name);
      for (const u of used) expect(modules).toContain(u);
    }
    // Depth-first: a module met again while still on the path closes a cycle.
    const done = new Set<string>();
    const visit = (name: string, path: string[]): void => {
      expect(path, `cycle: ${[...path, name].join(' → ')}`).not.toContain(name);
      if (done.has(name)) return;
      for (const u of uses[name] ?? []) visit(u, [...path, name]);
      done.add(name);
    };
    for (const name of Object.keys(uses)) visit(name, []);
  });
});

describe('one job per function', () => {
  const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  total += ${i};`).join('\n');
  const fn = (lines: number) =>
    `export function planted(): number {\n  let total = 0;\n${body(lines)}\n  return total;\n}\n`;

  it('refuses a function over 120 lines and passes one of 120', async () => {
    expect(await ruleIds('server/lib/planted.ts', fn(120))).toContain('max-lines-per-function');
    expect(await ruleIds('server/lib/planted.ts', fn(100))).toEqual([]);
  });

  it('leaves the named exceptions alone (tests)', async () => {
    expect(await ruleIds('server/lib/planted.test.ts', fn(120))).toEqual([]);
  });
});
