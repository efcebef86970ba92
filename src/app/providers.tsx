import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider, MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  PersistQueryClientProvider,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { i18n } from '#src/lib/i18n.ts';
import { getDirection, getThemeColor, getThemeRadius } from '#src/lib/storage.ts';
import { accessibleCssVariables, createAppTheme } from '#src/ui/theme.ts';
import { parseThemeColor, type ThemeScheme } from '#src/ui/theme-colors.ts';
import { GlobalLoadingOverlay } from '#src/ui/GlobalLoadingOverlay.tsx';
import { withCloseLabels } from '#src/ui/close-labels.ts';
import { NotificationsSlot } from '#src/ui/NotificationsSlot.tsx';
import { CACHE_RESTORED_MARK } from './query-persistence.ts';

/**
 * The stored theme (color, light or dark, radius), read once when the app mounts: the color switcher
 * saves a new choice and reloads the page (spec section 2), so it never changes while the page lives.
 * index.html has already painted the matching background before this runs.
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

export function Providers({
  queryClient,
  persist,
  children,
}: {
  queryClient: QueryClient;
  /**
   * The persisted query cache (main.tsx): restored before the first screen's queries run, without
   * holding up the rest of the UI; written back, throttled, as the cache changes.
   */
  persist?: Omit<PersistQueryClientOptions, 'queryClient'>;
  children: ReactNode;
}) {
  const [{ scheme, theme: storedTheme }] = useState(readStoredTheme);
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => i18n.on('change', () => setLocale(i18n.locale)), []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` is what changes the label
  const theme = useMemo(() => withCloseLabels(storedTheme, i18n._(msg`Close`)), [storedTheme, locale]);
  const [colorSchemeManager] = useState(() => fixedScheme(scheme));
  // ltr or rtl (spec section 4); index.html has already set <html dir> for the first paint.
  const [direction] = useState(getDirection);
  return (
    <I18nProvider i18n={i18n}>
      <DirectionProvider initialDirection={direction} detectDirection={false}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={accessibleCssVariables}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme={scheme}
          forceColorScheme={scheme}
        >
          <NotificationsSlot />
          <GlobalLoadingOverlay />
          {persist ? (
            <PersistQueryClientProvider
              client={queryClient}
              persistOptions={persist}
              // Read by the offline benchmark (scripts/bench/offline-bench.ts).
              onSuccess={() => performance.mark(CACHE_RESTORED_MARK)}
            >
              {children}
            </PersistQueryClientProvider>
          ) : (
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          )}
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
