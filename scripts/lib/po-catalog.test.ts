import { describe, expect, it } from 'vitest';
import { entry, po } from './catalog-fixtures.ts';
import { parseCatalog } from './po-catalog.ts';

describe('parseCatalog', () => {
  it('keeps contexts apart, leaves obsolete messages out and reads flags', () => {
    const parsed = parseCatalog(
      po(
        'zh',
        entry('Open', '打开'),
        `msgctxt "door"\n${entry('Open', '开门')}`,
        entry('Draft', '草稿', '#, fuzzy'),
        '#~ msgid "Old"\n#~ msgstr "旧"',
      ),
    );
    expect([...parsed.messages.values()].map((m) => [m.msgid, m.context, m.translation, m.fuzzy])).toEqual([
      ['Open', undefined, '打开', false],
      ['Open', 'door', '开门', false],
      ['Draft', undefined, '草稿', true],
    ]);
    expect(parsed.problems).toEqual([]);
  });

  it('reports a Language header of another locale', () => {
    expect(parseCatalog({ ...po('es', entry('Menu', 'Menú')), locale: 'zh' }).problems).toEqual([
      'locales/es.po: the Language header is "es", expected "zh"',
    ]);
  });
});
