import { describe, expect, it } from 'vitest';
import { RESULT_COLUMNS } from '#contract/schemas/checks-columns.ts';
import { EXPORT_LANGS } from '#contract/schemas/checks-export.ts';
import { EXPORT_WORDS } from './labels.ts';

describe('export words', () => {
  it('has a header for every column of the catalogue in every language, English as the catalogue says', () => {
    for (const lang of EXPORT_LANGS) {
      const words = EXPORT_WORDS[lang];
      expect(Object.keys(words.headers).sort()).toEqual(RESULT_COLUMNS.map((c) => c.id).sort());
      for (const value of Object.values(words.headers)) expect(value.trim()).not.toBe('');
    }
    for (const c of RESULT_COLUMNS) expect(EXPORT_WORDS.en.headers[c.id]).toBe(c.label.message);
  });

  it('zh and es differ from English where a word is translated', () => {
    expect(EXPORT_WORDS.zh.headers.model).toBe('型号');
    expect(EXPORT_WORDS.es.tri.yes).toBe('Sí');
  });
});
