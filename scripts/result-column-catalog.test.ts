import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '#contract/values/checks-columns.ts';
import linguiConfig from '../lingui.config.ts';
import { parseCatalog } from './lib/po-catalog.ts';

const rootDir = path.resolve(import.meta.dirname, '..');

/**
 * The result columns' labels live in the contract (the server's export writes them), outside `src`:
 * the extract reads them only from the file lingui.config.ts names. When they moved to
 * contract/values/ and the config still named contract/schemas/, an extract dropped all 31 labels
 * from the catalogs, and the order detail and the Excel file would have shown them in English.
 */
describe('the result columns in the app catalog', () => {
  const appCatalog = linguiConfig.catalogs?.find((c) => c.path.endsWith('locales/{locale}'));

  it('are read by the extract from the file that defines them', () => {
    // By suffix: Lingui's makeConfig (sign-in-catalog.test.ts, same worker) fills in <rootDir> in place.
    expect(appCatalog?.include?.some((p) => p.endsWith('/contract/values/checks-columns.ts'))).toBe(true);
  });

  it.each(['zh', 'es'])('are all translated in %s', (locale) => {
    const file = path.join(rootDir, `locales/${locale}.po`);
    const { messages } = parseCatalog({ locale, file, text: readFileSync(file, 'utf8') });
    const untranslated = RESULT_COLUMNS.map((c) => c.label.message).filter(
      (message) => !messages.get(message)?.translation,
    );
    expect(untranslated).toEqual([]);
  });
});
