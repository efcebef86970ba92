// Checks the Lingui PO catalogs (npm run i18n:check). It runs nothing (no extract): it reads the
// catalogs named by lingui.config.ts and fails, listing every problem, when
// - a message of a translated locale (every locale but the source one) has an empty msgstr or is fuzzy,
// - a message is in one locale's catalog and not in another's (run `npm run i18n:extract`),
// - a translation drops, renames or adds a {placeholder} or a <0> tag of its message, or is not valid ICU,
// - one of the spec's exact texts (sections 2 and 8 of the spec) is missing or worded otherwise.
// After `npm run i18n:extract` adds messages, this check lists the new untranslated ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePoFile } from '@lingui/format-po';
import linguiConfig from '../lingui.config.ts';

/** Lingui's flag for a message whose msgid is an explicit id: its source text is the source locale's msgstr. */
const EXPLICIT_ID_FLAG = 'js-lingui-explicit-id';

export interface CatalogFile {
  locale: string;
  /** Shown in the problems, e.g. locales/zh.po. */
  file: string;
  text: string;
}

export interface CatalogMessage {
  /** msgctxt and msgid: what identifies the message across the catalogs. */
  key: string;
  /** The message as shown in a problem: its msgid, and its msgctxt if it has one. */
  label: string;
  msgid: string;
  context: string | undefined;
  explicitId: boolean;
  translation: string;
  fuzzy: boolean;
}

export interface ParsedCatalog {
  locale: string;
  file: string;
  messages: Map<string, CatalogMessage>;
  /** Problems of the file itself: a duplicated message, a Language header of another locale. */
  problems: string[];
}

/** Exact texts the product spec requires. */
export interface SpecRules {
  /** Messages whose translation into a locale must be exactly this text. */
  translations: { locale: string; source: string; translation: string }[];
  /** Source texts (msgids in the source locale) that must exist exactly so. */
  sourceTexts: string[];
}

/** The spec's exact texts: section 8 (error catalogue) and section 2 (unauthorized and error pages). */
export const SPEC_RULES: SpecRules = {
  translations: [
    { locale: 'zh', source: 'Please check your network connection', translation: '请检查网络状态' },
    { locale: 'zh', source: 'Request in progress, please wait...', translation: '数据请求中,请稍后...' },
    { locale: 'zh', source: 'Request timed out', translation: '接口请求超时' },
    // Section 4: the loading overlay's text.
    { locale: 'zh', source: 'Parsing the spreadsheet, please wait...', translation: '解析表格中,请稍后...' },
  ],
  sourceTexts: [
    'Unauthorized Access Attempt',
    'You are not authorized to view the page you are trying to access.',
    'Ooops... looks like an error occurred!',
    'Error code',
    'GO BACK HOME',
    'Verification failed, please Login again.',
  ],
};

export interface CheckResult {
  languages: number;
  messages: number;
  problems: string[];
}

function messageKey(msgid: string, context: string | undefined): string {
  return context === undefined ? msgid : `${context}\u0004${msgid}`;
}

function messageLabel(msgid: string, context: string | undefined): string {
  return context === undefined
    ? JSON.stringify(msgid)
    : `${JSON.stringify(msgid)} (context ${JSON.stringify(context)})`;
}

/** Reads one PO catalog with the parser Lingui itself uses; obsolete (#~) messages are left out. */
export function parseCatalog({ locale, file, text }: CatalogFile): ParsedCatalog {
  const po = parsePoFile(text);
  const messages = new Map<string, CatalogMessage>();
  const problems: string[] = [];
  const language = po.headers.Language;
  if (language && language !== locale) {
    problems.push(
      `${file}: the Language header is ${JSON.stringify(language)}, expected ${JSON.stringify(locale)}`,
    );
  }
  for (const item of po.items) {
    if (item.obsolete) continue;
    const context = item.msgctxt ?? undefined;
    const key = messageKey(item.msgid, context);
    const label = messageLabel(item.msgid, context);
    if (messages.has(key)) {
      problems.push(`${file}: ${label} appears twice`);
      continue;
    }
    messages.set(key, {
      key,
      label,
      msgid: item.msgid,
      context,
      explicitId: item.extractedComments.includes(EXPLICIT_ID_FLAG),
      translation: item.msgstr.join(''),
      fuzzy: Boolean(item.flags.fuzzy),
    });
  }
  return { locale, file, messages, problems };
}

export interface Placeholders {
  /** Argument names, e.g. 0, seconds, user.title (each once, sorted). */
  args: string[];
  /** Lingui's component tags, e.g. <0>, </0>, <1/> (sorted, repeats kept). */
  tags: string[];
}

const TAG = /<\/?\d+\s*\/?>/g;

/**
 * The placeholders of an ICU message as Lingui writes them: simple arguments ({0}, {seconds}),
 * formatted ones ({n, number}), plural / select / selectordinal arguments with the arguments of their
 * cases, and component tags. Quoted text ('{literal}') holds none. Throws a SyntaxError when the
 * message is not valid ICU (an unmatched brace, a case without a body...).
 */
export function placeholdersOf(message: string): Placeholders {
  const args = new Set<string>();
  let pos = 0;

  const fail = (why: string): never => {
    throw new SyntaxError(`${why} at position ${pos}`);
  };

  const readUntil = (stop: RegExp): string => {
    const start = pos;
    while (pos < message.length && !stop.test(message.charAt(pos))) pos++;
    if (pos >= message.length) fail('missing }');
    return message.slice(start, pos);
  };

  const skipSpace = (): void => {
    while (pos < message.length && /\s/.test(message.charAt(pos))) pos++;
  };

  // ICU apostrophes: '' is one apostrophe; ' before { } (or # in a plural case) quotes up to the next '.
  const skipApostrophe = (inPlural: boolean): void => {
    const next = message.charAt(pos + 1);
    if (next === "'") {
      pos += 2;
    } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
      pos += 2;
      while (pos < message.length) {
        if (message.charAt(pos) === "'") {
          if (message.charAt(pos + 1) !== "'") {
            pos++;
            return;
          }
          pos++;
        }
        pos++;
      }
    } else {
      pos++;
    }
  };

  // Text and arguments up to the end (top level) or up to the } that closes a case (nested; left unread).
  const readMessage = (nested: boolean, inPlural: boolean): void => {
    while (pos < message.length) {
      const ch = message.charAt(pos);
      if (ch === "'") {
        skipApostrophe(inPlural);
      } else if (ch === '{') {
        pos++;
        readArgument(inPlural);
      } else if (ch === '}') {
        if (nested) return;
        fail('unmatched }');
      } else {
        pos++;
      }
    }
    if (nested) fail('missing }');
  };

  // After the {: name, then } or , type [, style or cases] }.
  const readArgument = (inPlural: boolean): void => {
    const name = readUntil(/[,{}]/).trim();
    if (!/^[^\s{}'#,]+$/.test(name)) fail(`invalid argument name ${JSON.stringify(name)}`);
    args.add(name);
    if (message.charAt(pos) === '}') {
      pos++;
      return;
    }
    if (message.charAt(pos) === '{') fail('unexpected {');
    pos++;
    const type = readUntil(/[,{}]/).trim();
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      if (message.charAt(pos) !== ',') fail(`${type} argument without cases`);
      pos++;
      readCases(type !== 'select' || inPlural, type !== 'select');
      return;
    }
    if (!/^[a-z]+$/i.test(type)) fail(`invalid argument type ${JSON.stringify(type)}`);
    // number, date, time... with an optional style (which may hold braces): skip to the closing }.
    let depth = 1;
    while (pos < message.length) {
      const ch = message.charAt(pos++);
      if (ch === '{') depth++;
      if (ch === '}' && --depth === 0) return;
    }
    fail('missing }');
  };

  // The cases of a plural or select argument: selector { message } ... up to the closing }.
  const readCases = (inPlural: boolean, plural: boolean): void => {
    let cases = 0;
    for (;;) {
      skipSpace();
      if (pos >= message.length) fail('missing }');
      if (message.charAt(pos) === '}') {
        if (cases === 0) fail('plural or select argument without cases');
        pos++;
        return;
      }
      const selector = readUntil(/[\s{}]/);
      if (selector === '') fail('missing case selector');
      if (plural && selector.startsWith('offset:')) {
        if (selector === 'offset:') {
          skipSpace();
          readUntil(/[\s{}]/);
        }
        continue;
      }
      skipSpace();
      if (message.charAt(pos) !== '{') fail(`case ${selector} without a {message}`);
      pos++;
      readMessage(true, inPlural);
      pos++;
      cases++;
    }
  };

  readMessage(false, false);
  return {
    args: [...args].sort(),
    tags: (message.match(TAG) ?? []).map((tag) => tag.replace(/\s+/g, '')).sort(),
  };
}

const braced = (names: string[]): string => names.map((name) => `{${name}}`).join(', ');

/** What a translation does wrong with the placeholders of its source text (empty when nothing). */
export function placeholderProblems(source: string, translation: string): string[] {
  let expected: Placeholders;
  let actual: Placeholders;
  try {
    expected = placeholdersOf(source);
  } catch (error) {
    return [`its source text is not valid ICU (${(error as Error).message})`];
  }
  try {
    actual = placeholdersOf(translation);
  } catch (error) {
    return [`the translation is not valid ICU (${(error as Error).message}): ${JSON.stringify(translation)}`];
  }
  const problems: string[] = [];
  const dropped = expected.args.filter((name) => !actual.args.includes(name));
  const added = actual.args.filter((name) => !expected.args.includes(name));
  if (dropped.length > 0) problems.push(`the translation drops ${braced(dropped)}`);
  if (added.length > 0)
    problems.push(`the translation has ${braced(added)}, which the source text does not have`);
  if (expected.tags.join(' ') !== actual.tags.join(' ')) {
    problems.push(
      `the translation's tags (${actual.tags.join(' ') || 'none'}) differ from the source's (${expected.tags.join(' ') || 'none'})`,
    );
  }
  return problems;
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

/** The spec's exact texts, looked for in every catalog config (the first that has a message rules). */
function specProblems(parsed: ParsedCatalog[][], sourceLocale: string, spec: SpecRules): string[] {
  const problems: string[] = [];
  const holding = (
    locale: string,
    key: string,
  ): { catalog: ParsedCatalog | undefined; message?: CatalogMessage } => {
    let first: ParsedCatalog | undefined;
    for (const catalogs of parsed) {
      const catalog = catalogs.find((candidate) => candidate.locale === locale);
      first ??= catalog;
      const message = catalog?.messages.get(key);
      if (catalog && message) return { catalog, message };
    }
    return { catalog: first };
  };
  for (const rule of spec.translations) {
    const { catalog, message } = holding(rule.locale, messageKey(rule.source, undefined));
    if (!catalog || !message) {
      problems.push(
        `spec: the message ${JSON.stringify(rule.source)} is missing from the ${rule.locale} catalog; the spec requires it, translated ${JSON.stringify(rule.translation)}`,
      );
    } else if (message.translation !== rule.translation) {
      problems.push(
        `spec: ${catalog.file} translates ${JSON.stringify(rule.source)} as ${JSON.stringify(message.translation)}; the spec requires exactly ${JSON.stringify(rule.translation)}`,
      );
    }
  }
  for (const text of spec.sourceTexts) {
    const { catalog: source, message } = holding(sourceLocale, messageKey(text, undefined));
    if (!source || !message) {
      problems.push(
        `spec: the source text ${JSON.stringify(text)} is missing; the spec requires it exactly so`,
      );
    } else if (message.translation !== '' && message.translation !== text) {
      problems.push(
        `spec: ${source.file} renders ${JSON.stringify(text)} as ${JSON.stringify(message.translation)}; the spec requires it exactly so`,
      );
    }
  }

  return problems;
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
  const unreadable: string[] = [];
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
