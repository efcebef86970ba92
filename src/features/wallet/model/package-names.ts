/**
 * A package's name or description in the reader's language (decision 0044): the operator writes each
 * package in Chinese and, beside it, in English and Spanish; an empty translation falls back to the
 * Chinese text rather than to nothing.
 */
export function inLanguage(
  locale: string,
  zh: string,
  en: string | undefined,
  es: string | undefined,
): string {
  const text = locale === 'en' ? en : locale === 'es' ? es : '';
  return text?.trim() ? text : zh;
}

/** The package's name: a combo on sale, a surplus row ({name, name_en, name_es}). */
export const packageName = (locale: string, p: { name: string; name_en?: string; name_es?: string }) =>
  inLanguage(locale, p.name, p.name_en, p.name_es);
