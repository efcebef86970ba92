import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createQueryClient } from '#src/app/query-client.ts';
import { createAppRouter } from '#src/app/router.tsx';
import { wireApiClient } from '#src/app/api-wiring.ts';
import { Providers } from '#src/app/providers.tsx';
import { wireOffline } from '#src/app/offline-wiring.ts';
import { CACHE_RESTORE_START_MARK, persistOptions } from '#src/app/query-persistence.ts';
import { registerServiceWorker } from '#src/app/service-worker.ts';
import { UpdatePrompt } from '#src/app/UpdatePrompt.tsx';
import { getCurrentUser, restoreSession, subscribeCurrentUser } from '#src/features/auth/session.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { loadNotifications } from '#src/ui/notify.ts';

// Bootstrap only: wire the clients, restore the session and the language, render.
const queryClient = createQueryClient();
wireApiClient(queryClient);
restoreSession();
wireOffline(queryClient);
// The socket (socket.io-client and every feature's event handler) is its own chunk, fetched once a
// user is signed in: the sign-in page does not load it (decision 0025).
const stopWaiting = subscribeCurrentUser(startRealtime);
startRealtime();
function startRealtime() {
  if (!getCurrentUser()) return;
  stopWaiting();
  void import('#src/app/realtime-wiring.ts').then((m) => m.wireRealtime(queryClient));
  // The shell's toasts (Mantine's notifications) come with the first one otherwise.
  loadNotifications().catch(() => undefined);
}
registerServiceWorker();
const router = createAppRouter(queryClient);

// A signed-in user starts with every message of the app; the sign-in page with its own (decision 0025).
void initI18n({ all: getCurrentUser() !== null }).then(() => {
  performance.mark(CACHE_RESTORE_START_MARK);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers queryClient={queryClient} persist={persistOptions(() => getCurrentUser()?.id ?? null)}>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </Providers>
    </StrictMode>,
  );
});
