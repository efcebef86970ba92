import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, changeLanguage } from '#src/lib/i18n.ts';
import { SUPPORTED_LANGUAGES, type Language } from '#src/lib/storage.ts';
import lite from './lite.module.css';
import classes from './LiteLanguageSelect.module.css';

/**
 * The sign-in page's language switch (the shell has its menu, LanguageMenu): the browser's own
 * select, so it works by keyboard, touch and screen reader without more code. The choice is stored
 * and its sign-in catalog fetched (src/lib/i18n.ts); each language is named in itself.
 */
export function LiteLanguageSelect() {
  const { i18n, t } = useLingui();
  return (
    <select
      className={`${classes.select} ${lite.focusRing}`}
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(e) => void changeLanguage(e.currentTarget.value as Language)}
      data-testid="sign-in-language"
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
