// The checks of the Lingui catalogs, pure (the files are given as text): completeness across locales,
// translations, placeholders, the spec's texts, and messages shared by two catalog configs.
import { placeholderProblems } from './icu-placeholders.ts';
import { type CatalogFile, type CatalogMessage, type ParsedCatalog, parseCatalog } from './po-catalog.ts';
import { SPEC_RULES, type SpecRules, specProblems } from './catalog-spec-texts.ts';

export interface CheckResult {
  languages: number;
  messages: number;
  problems: string[];
}

/**
 * Checks the catalogs of one Lingui catalog config: one file per locale, sourceLocale among them.
 * Pure: the files are given as text.
 */
export function checkCatalogs(
  files: CatalogFile[],
  sourceLocale: string,
  spec: SpecRules = SPEC_RULES,
): CheckResult {
  return checkCatalogSets([files], sourceLocale, spec);
}

/**
 * Checks several catalog configs (the sign-in catalog and the app's, decision 0025): each one on its
 * own; the spec's texts in whichever holds them (at least one must); and a message that is in two of
 * them translated alike in both.
 */
export function checkCatalogSets(
  sets: CatalogFile[][],
  sourceLocale: string,
  spec: SpecRules = SPEC_RULES,
): CheckResult {
  const parsed = sets.map((files) => files.map(parseCatalog));
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const catalogs of parsed) {
    const result = checkParsed(catalogs, sourceLocale);
    problems.push(...result.problems);
    for (const key of result.keys) keys.add(key);
  }
  problems.push(...specProblems(parsed, sourceLocale, spec), ...sameTranslationProblems(parsed));
  return { languages: Math.max(0, ...sets.map((files) => files.length)), messages: keys.size, problems };
}

/** One catalog config's problems, and the keys of its messages. */
function checkParsed(
  catalogs: ParsedCatalog[],
  sourceLocale: string,
): { problems: string[]; keys: string[] } {
  const problems = catalogs.flatMap((catalog) => catalog.problems);
  const source = catalogs.find((catalog) => catalog.locale === sourceLocale);
  if (!source) {
    problems.push(`no catalog for the source locale ${sourceLocale}`);
  }

  // Every message in every catalog.
  const all = new Map<string, CatalogMessage>();
  for (const catalog of catalogs) {
    for (const [key, message] of catalog.messages) if (!all.has(key)) all.set(key, message);
  }

  for (const [key, message] of all) {
    const missingFrom = catalogs.filter((catalog) => !catalog.messages.has(key));
    if (missingFrom.length > 0) {
      const presentIn = catalogs
        .filter((catalog) => catalog.messages.has(key))
        .map((catalog) => catalog.file);
      for (const catalog of missingFrom) {
        problems.push(
          `${catalog.file}: ${message.label} is missing (it is in ${presentIn.join(', ')}): run npm run i18n:extract`,
        );
      }
    }
  }

  for (const catalog of catalogs) {
    const isSource = catalog.locale === sourceLocale;
    for (const message of catalog.messages.values()) {
      // The text the translation renders: the msgid, or for an explicit id the source locale's msgstr.
      const sourceText = message.explicitId ? source?.messages.get(message.key)?.translation : message.msgid;
      if (!sourceText) {
        if (isSource)
          problems.push(`${catalog.file}: ${message.label} has an explicit id and no source text`);
        continue;
      }
      if (message.translation.trim() === '') {
        // In the source locale Lingui shows the msgid itself.
        if (!isSource || message.explicitId)
          problems.push(`${catalog.file}: ${message.label} is not translated`);
        continue;
      }
      if (message.fuzzy)
        problems.push(`${catalog.file}: ${message.label} is marked fuzzy (review it, then remove the flag)`);
      if (isSource && message.explicitId) continue;
      for (const problem of placeholderProblems(sourceText, message.translation)) {
        problems.push(`${catalog.file}: ${message.label}: ${problem}`);
      }
    }
  }

  return { problems, keys: [...all.keys()] };
}

/** A message in two catalog configs must read the same in both, in every locale. */
function sameTranslationProblems(parsed: ParsedCatalog[][]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, { file: string; translation: string }>();
  for (const catalogs of parsed) {
    for (const catalog of catalogs) {
      for (const message of catalog.messages.values()) {
        const id = `${catalog.locale}\u0000${message.key}`;
        const earlier = seen.get(id);
        if (!earlier) seen.set(id, { file: catalog.file, translation: message.translation });
        else if (earlier.translation !== message.translation)
          problems.push(
            `${catalog.file}: ${message.label} is translated ${JSON.stringify(message.translation)}, and ${JSON.stringify(earlier.translation)} in ${earlier.file}: make them the same`,
          );
      }
    }
  }
  return problems;
}

/** e.g. "catalogs: 3 languages, 70 messages, complete" or "catalogs: 3 languages, 72 messages, 2 problems". */
export function summaryLine(result: CheckResult): string {
  const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const status = result.problems.length === 0 ? 'complete' : count(result.problems.length, 'problem');
  return `catalogs: ${count(result.languages, 'language')}, ${count(result.messages, 'message')}, ${status}`;
}

/**
 * The files and folders a catalog's `include` names that do not exist (glob patterns left out). An
 * extract with `--clean` drops every message of a source it no longer finds, so a file moved without
 * its config line would take its messages out of the catalogs at the next extract, and the screen
 * would show them in English.
 */
export function missingIncludes(
  catalogs: readonly { include?: readonly string[] }[],
  rootDir: string,
  exists: (file: string) => boolean,
): string[] {
  return catalogs.flatMap((catalog) =>
    (catalog.include ?? [])
      .filter((entry) => !/[*?{[]/.test(entry))
      .filter((entry) => !exists(entry.replaceAll('<rootDir>', rootDir)))
      .map(
        (entry) =>
          `${entry.replace('<rootDir>/', '')}: named in lingui.config.ts (include) but not found: its messages leave the catalogs at the next extract`,
      ),
  );
}
