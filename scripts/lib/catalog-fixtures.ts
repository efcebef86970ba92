// Catalogs for the tests of the catalog checks (po-catalog.test.ts, catalog-checks.test.ts): PO text
// as `lingui extract` writes it.
import type { CatalogFile } from './po-catalog.ts';

/** A PO catalog as `lingui extract` writes it; entries are raw PO text. */
export function po(locale: string, ...entries: string[]): CatalogFile {
  const header = [
    'msgid ""',
    'msgstr ""',
    '"POT-Creation-Date: 2026-11-21 18:50+0000\\n"',
    '"Content-Type: text/plain; charset=utf-8\\n"',
    '"X-Generator: @lingui/cli\\n"',
    `"Language: ${locale}\\n"`,
  ].join('\n');
  return { locale, file: `locales/${locale}.po`, text: [header, ...entries].join('\n\n') + '\n' };
}

export function entry(msgid: string, msgstr: string, extra = ''): string {
  return `${extra ? `${extra}\n` : ''}#: src/a.tsx\nmsgid ${JSON.stringify(msgid)}\nmsgstr ${JSON.stringify(msgstr)}`;
}

/** zh, en, es catalogs from [msgid, zh, es] triples; en is left as Lingui writes the source locale. */
export function catalogs(...messages: [string, string, string][]): CatalogFile[] {
  return [
    po('zh', ...messages.map(([id, zh]) => entry(id, zh))),
    po('en', ...messages.map(([id]) => entry(id, id))),
    po('es', ...messages.map(([id, , es]) => entry(id, es))),
  ];
}
