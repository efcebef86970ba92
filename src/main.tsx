import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from '#src/app/router.tsx';
import { preloadOpeningRoute } from '#src/app/boot-order.ts';
import { markBoot } from '#src/app/boot-marks.ts';
import { wireApiClient } from '#src/app/api-wiring.ts';
import { Providers } from '#src/app/providers.tsx';
import { loadDataLayer, wipeDeviceData } from '#src/app/data-layer-loader.ts';
import { warnWhenOffline } from '#src/app/offline-warning.ts';
import { registerServiceWorker } from '#src/app/service-worker.ts';
import { UpdatePrompt } from '#src/app/UpdatePrompt.tsx';
import { clearToastsOnRouteChange } from '#src/app/stale-toasts.ts';
import {
  getCurrentUser,
  onLoggedOut,
  restoreSession,
  subscribeCurrentUser,
} from '#src/features/auth/session.ts';
import { preloadApiClient } from '#src/lib/api/client.ts';
import { TOAST_MS } from '#src/lib/api/policy.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { loadNotifications, notify } from '#src/ui/notify.ts';
import { loadMantine } from '#src/ui/mantine-scope.tsx';

// Bootstrap only: wire the API client, restore the session and the language, render.
markBoot('boot');
wireApiClient();
restoreSession();
warnWhenOffline((kind, message) => notify(kind, message, TOAST_MS));
onLoggedOut(wipeDeviceData);
// What a signed-in user needs beyond the sign-in page, each its own chunk (decision 0025): Mantine
// (the sign-in page is plain React), the data layer (query client, persisted cache, outbox), the
// socket (socket.io-client and every feature's event handler) and the toasts. Started now for a
// stored user, else at sign-in.
const stopWaiting = subscribeCurrentUser(whenSignedIn);
const signedInAtStart = whenSignedIn();
function whenSignedIn(): Promise<unknown> | null {
  if (!getCurrentUser()) return null;
  stopWaiting();
  // Mantine first: its stylesheet goes in before the pages' own (preloadOpeningRoute), which override it.
  const mantine = loadMantine();
  const data = loadDataLayer();
  void data.then(
    () => markBoot('data-layer'),
    () => undefined,
  );
  // The HTTP client (ofetch) now, not at idle: the opened page's loader asks for its lists as soon as
  // the route loads (page-data.ts), and its first call waited for this chunk (decision 0054).
  preloadApiClient();
  // Once the page is idle: neither is needed for the first render, which they would slow down.
  void data.then((layer) =>
    whenIdle(() => {
      loadNotifications().catch(() => undefined);
      void import('#src/app/realtime-wiring.ts').then((m) => m.wireRealtime(layer.queryClient));
    }),
  );
  return Promise.all([data, mantine]);
}
registerServiceWorker();

function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}
const router = createAppRouter();
clearToastsOnRouteChange(router);
const languageReady = initI18n({ all: signedInAtStart !== null }).then(() => markBoot('catalogs'));
// A signed-in start asks for the opened page's code now, right behind what the first render needs,
// not once that render and the root's guard have run (boot-order.ts, issue 15's offline cold start).
if (signedInAtStart) preloadOpeningRoute(router);

// A signed-in user's first render waits for every message of the app and the data layer (its
// persisted cache is being restored meanwhile); the sign-in page for its own catalog only.
void Promise.all([languageReady, signedInAtStart?.catch(() => undefined)]).then(() => {
  markBoot('render');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </Providers>
    </StrictMode>,
  );
});
