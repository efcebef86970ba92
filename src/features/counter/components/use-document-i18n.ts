import { useEffect, useState } from 'react';
import type { I18n } from '@lingui/core';
import type { Language } from '#src/lib/storage.ts';
import { documentI18n } from '#src/lib/i18n.ts';

/** An i18n instance in `language` for a printed document, independent of the screen's language. */
export function useDocumentI18n(language: Language | undefined): I18n | null {
  const [instance, setInstance] = useState<I18n | null>(null);
  useEffect(() => {
    if (!language) return;
    let live = true;
    void documentI18n(language).then((loaded) => {
      if (live) setInstance(loaded);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return instance && instance.locale === language ? instance : null;
}
