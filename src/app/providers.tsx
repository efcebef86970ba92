import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { IsRestoringProvider, QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { i18n } from '#src/lib/i18n.ts';
import { GlobalLoadingOverlay } from '#src/ui/GlobalLoadingOverlay.tsx';
import { NotificationsSlot } from '#src/ui/NotificationsSlot.tsx';
import { useDataLayer } from './data-layer-loader.ts';

const notRestoring = () => () => undefined;

export function Providers({
  queryClient,
  children,
}: {
  /** Tests give their own client; the app takes the data layer's once it is started. */
  queryClient?: QueryClient;
  children: ReactNode;
}) {
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
      {/* Mantine's provider is not here: the sign-in page renders without it (decision 0025). The
          root layout gives every other page one (src/ui/mantine-scope.tsx), and so do these two. */}
      <NotificationsSlot />
      <GlobalLoadingOverlay />
      <QueryClientContext.Provider value={client}>
        <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
      </QueryClientContext.Provider>
    </I18nProvider>
  );
}
