import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, changeLanguage } from '#src/lib/i18n.ts';
import type { Language } from '#src/lib/storage.ts';

export function LanguageMenu() {
  const { i18n, t } = useLingui();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="subtle"
          leftSection={<IconLanguage size={18} />}
          // The visible name is part of the accessible one (WCAG 2.5.3), after what the button is for.
          aria-label={`${t`Language`}: ${LANGUAGE_NAMES[i18n.locale as Language] ?? i18n.locale}`}
        >
          {LANGUAGE_NAMES[i18n.locale as Language] ?? i18n.locale}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(LANGUAGE_NAMES) as Language[]).map((lang) => (
          <Menu.Item key={lang} onClick={() => void changeLanguage(lang)} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
