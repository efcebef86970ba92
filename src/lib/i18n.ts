import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, getLanguage, setLanguage, type Language } from './storage.ts';

type Catalog = () => Promise<{ messages: Messages }>;

// Two catalogs per language, compiled on import by @lingui/vite-plugin, each its own lazy chunk
// (decision 0025; lingui.config.ts says which messages go where):
// - the sign-in catalog: the messages of everything the sign-in route runs, loaded at start;
// - the app's catalog: every other message, loaded before any other page renders (loadAllMessages).
const signInCatalogs: Record<Language, Catalog> = {
  zh: () => import('#locales/sign-in/zh.po'),
  en: () => import('#locales/sign-in/en.po'),
  es: () => import('#locales/sign-in/es.po'),
};
const appCatalogs: Record<Language, Catalog> = {
  zh: () => import('#locales/zh.po'),
  en: () => import('#locales/en.po'),
  es: () => import('#locales/es.po'),
};

const htmlLang: Record<Language, string> = { zh: 'zh-CN', en: 'en', es: 'es' };

/** Each language names itself, so a user lost in a foreign language finds their own. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '中文', en: 'English', es: 'Español' };

/** Once the app's catalog was asked for, every language activated brings it along. */
let allWanted = false;
let allLoaded: Promise<void> | null = null;

async function messagesOf(language: Language, all: boolean): Promise<Messages> {
  const [signIn, app] = await Promise.all([
    signInCatalogs[language](),
    all ? appCatalogs[language]() : undefined,
  ]);
  return { ...signIn.messages, ...app?.messages };
}

export async function activateLanguage(language: Language): Promise<void> {
  const all = allWanted;
  let messages = await messagesOf(language, all);
  // The app's catalog was asked for while this one loaded: it must not be dropped by the switch.
  if (allWanted && !all) messages = await messagesOf(language, true);
  i18n.loadAndActivate({ locale: language, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[language];
}

/**
 * Every message of the app in the active language, not only the sign-in route's: the root route
 * waits for it before any other page, main.tsx before the first render of a signed-in user.
 */
export function loadAllMessages(): Promise<void> {
  allWanted = true;
  // Not started yet (no language active): the first activation brings both catalogs.
  if (!i18n.locale) return Promise.resolve();
  allLoaded ??= (async () => {
    // A language switch during the fetch activates the new language with both catalogs itself.
    const language = i18n.locale as Language;
    const { messages } = await appCatalogs[language]();
    if (i18n.locale === language) i18n.load(language, messages);
  })().catch((err: unknown) => {
    allLoaded = null;
    throw err;
  });
  return allLoaded;
}

/**
 * Starts in the stored language when it is supported, else zh (spec sections 5 and 9); with every
 * message of the app when `all` (a signed-in user), else the sign-in route's.
 */
export async function initI18n({ all = false }: { all?: boolean } = {}): Promise<void> {
  if (all) allWanted = true;
  try {
    await activateLanguage(getLanguage());
  } catch (err) {
    console.error('Loading the language failed; falling back to the default', err);
    await activateLanguage(DEFAULT_LANGUAGE);
  }
  if (allWanted) allLoaded ??= Promise.resolve();
}

export async function changeLanguage(language: Language): Promise<void> {
  setLanguage(language);
  await activateLanguage(language);
}

export { i18n };

/**
 * A separate i18n instance for a document printed in another language than the screen's (a
 * customer's receipt): the app's whole catalog of that language, the active one untouched.
 */
export async function documentI18n(language: Language): Promise<I18n> {
  const instance = setupI18n();
  instance.loadAndActivate({ locale: language, messages: await messagesOf(language, true) });
  return instance;
}
