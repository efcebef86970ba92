// Checks the Lingui PO catalogs (npm run i18n:check). It runs nothing (no extract): it reads the
// catalogs named by lingui.config.ts and fails, listing every problem, when
// - a message of a translated locale (every locale but the source one) has an empty msgstr or is fuzzy,
// - a message is in one locale's catalog and not in another's (run `npm run i18n:extract`),
// - a translation drops, renames or adds a {placeholder} or a <0> tag of its message, or is not valid ICU,
// - one of the spec's exact texts (sections 2 and 8 of the spec) is missing or worded otherwise,
// - a file or folder the config's `include` names does not exist (an extract would drop its messages).
// After `npm run i18n:extract` adds messages, this check lists the new untranslated ones.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import linguiConfig from '../lingui.config.ts';
import { type CheckResult, checkCatalogSets, missingIncludes, summaryLine } from './lib/catalog-checks.ts';
import type { CatalogFile } from './lib/po-catalog.ts';

function main(): number {
  const rootDir = path.resolve(import.meta.dirname, '..');
  const { locales, sourceLocale, catalogs = [] } = linguiConfig;
  if (!sourceLocale) {
    console.error('i18n:check: lingui.config.ts has no sourceLocale');
    return 1;
  }
  if (catalogs.length === 0) {
    console.error('i18n:check: lingui.config.ts names no catalog');
    return 1;
  }
  const sets: CatalogFile[][] = [];
  const unreadable: string[] = missingIncludes(catalogs, rootDir, existsSync);
  for (const catalog of catalogs) {
    const files: CatalogFile[] = [];
    for (const locale of locales) {
      const file = `${catalog.path.replaceAll('<rootDir>', rootDir).replaceAll('{locale}', locale)}.po`;
      const shown = path.relative(rootDir, file);
      try {
        files.push({ locale, file: shown, text: readFileSync(file, 'utf8') });
      } catch (error) {
        unreadable.push(`${shown}: cannot be read (${(error as Error).message}): run npm run i18n:extract`);
      }
    }
    sets.push(files);
  }
  const result = checkCatalogSets(sets, sourceLocale);
  const total: CheckResult = {
    ...result,
    languages: locales.length,
    problems: [...unreadable, ...result.problems],
  };
  for (const problem of total.problems) console.error(`  ${problem}`);
  console.log(summaryLine(total));
  return total.problems.length === 0 ? 0 : 1;
}

if (import.meta.main) {
  process.exitCode = main();
}
