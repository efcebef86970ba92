import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, getLanguage, setLanguage, type Language } from './storage.ts';

/** Compiled on import by @lingui/vite-plugin; each language is its own lazy chunk. */
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  zh: () => import('#locales/zh.po'),
  en: () => import('#locales/en.po'),
  es: () => import('#locales/es.po'),
};

const htmlLang: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

export async function activateLanguage(language: Language): Promise<void> {
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[language];
}

/** Starts in the stored language when it is supported, else zh (spec sections 5 and 9). */
export async function initI18n(): Promise<void> {
  try {
    await activateLanguage(getLanguage());
  } catch (err) {
    console.error('Loading the language failed; falling back to the default', err);
    await activateLanguage(DEFAULT_LANGUAGE);
  }
}

export async function changeLanguage(language: Language): Promise<void> {
  setLanguage(language);
  await activateLanguage(language);
}

export { i18n };
