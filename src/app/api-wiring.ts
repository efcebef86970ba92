import { configureApiClient } from '#src/lib/api/client.ts';
import { SESSION_EXPIRED_RELOAD_MS } from '#src/lib/api/policy.ts';
import { getToken } from '#src/lib/storage.ts';
import { notify } from '#src/ui/notify.ts';
import { logout } from '#src/features/auth/session.ts';

/** Connects the API client to the UI and to the session: toasts, and 1002 = logout then reload. */
export function wireApiClient(reload: () => void = () => window.location.reload()): void {
  let expiring = false;
  configureApiClient({
    notify,
    getToken,
    onSessionExpired() {
      if (expiring) return;
      expiring = true;
      void logout().finally(() => setTimeout(reload, SESSION_EXPIRED_RELOAD_MS));
    },
  });
}
