import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider, MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { IsRestoringProvider, QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { i18n } from '#src/lib/i18n.ts';
import { getDirection, getThemeColor, getThemeRadius } from '#src/lib/storage.ts';
import { accessibleCssVariables, createAppTheme } from '#src/ui/theme.ts';
import { parseThemeColor, type ThemeScheme } from '#src/ui/theme-colors.ts';
import { GlobalLoadingOverlay } from '#src/ui/GlobalLoadingOverlay.tsx';
import { withCloseLabels } from '#src/ui/close-labels.ts';
import { NotificationsSlot } from '#src/ui/NotificationsSlot.tsx';
import { useDataLayer } from './data-layer-loader.ts';

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

const notRestoring = () => () => undefined;

export function Providers({
  queryClient,
  children,
}: {
  /** Tests give their own client; the app takes the data layer's once it is started. */
  queryClient?: QueryClient;
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
  // The data layer (query client, persisted cache, outbox) is its own chunk, started for a signed-in
  // user (data-layer-loader.ts): the sign-in page renders without a query client (decision 0025).
  // The two contexts QueryClientProvider and PersistQueryClientProvider would set, set here so the
  // tree keeps its shape when the client arrives; the data layer mounts and persists the client.
  const layer = useDataLayer();
  const client = queryClient ?? layer?.queryClient;
  const restoring = useSyncExternalStore(
    layer?.subscribeRestoring ?? notRestoring,
    () => layer?.isRestoring() ?? false,
  );
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
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
          <QueryClientContext.Provider value={client}>
            <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
          </QueryClientContext.Provider>
        </MantineProvider>
      </DirectionProvider>
    </I18nProvider>
  );
}
