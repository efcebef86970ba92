import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { DirectionProvider, MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { i18n } from '#src/lib/i18n.ts';
import { getDirection, getThemeColor, getThemeRadius } from '#src/lib/storage.ts';
import { accessibleCssVariables, createAppTheme } from './theme.ts';
import { parseThemeColor, type ThemeScheme } from './theme-colors.ts';
import { withCloseLabels } from './close-labels.ts';

/**
 * Mantine for every page but the sign-in one (decision 0025): its provider, the app's theme and its
 * stylesheets, one chunk fetched by src/ui/mantine-scope.tsx. The stored theme (color, light or
 * dark, radius) is read once: the color switcher saves a new choice and reloads the page (spec
 * section 2). index.html has already painted the matching background before this runs.
 */
function readStoredTheme() {
  const { scheme, color } = parseThemeColor(getThemeColor());
  return { scheme, theme: createAppTheme(color, getThemeRadius()) };
}

/** The stored theme color is the only source of light or dark: not Mantine's own storage key. */
const fixedScheme = (scheme: ThemeScheme): MantineColorSchemeManager => ({
  get: () => scheme,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
});

export function AppMantineProvider({ children }: { children: ReactNode }) {
  const [{ scheme, theme: storedTheme }] = useState(readStoredTheme);
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => i18n.on('change', () => setLocale(i18n.locale)), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` is what changes the label
  const theme = useMemo(() => withCloseLabels(storedTheme, i18n._(msg`Close`)), [storedTheme, locale]);
  const [colorSchemeManager] = useState(() => fixedScheme(scheme));
  // ltr or rtl (spec section 4); index.html has already set <html dir> for the first paint.
  const [direction] = useState(getDirection);
  return (
    <DirectionProvider initialDirection={direction} detectDirection={false}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={accessibleCssVariables}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={scheme}
        forceColorScheme={scheme}
      >
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
