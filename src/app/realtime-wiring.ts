import type { QueryClient } from '@tanstack/react-query';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { apiBase, callApi } from '#src/lib/api/client.ts';
import { connectRealtime, type RealtimeHandlers } from '#src/lib/socket.ts';
import { getCode, getToken, setCode } from '#src/lib/storage.ts';
import {
  getCurrentUser,
  loadCurrentUser,
  logout,
  setCurrentUser,
  subscribeCurrentUser,
} from '#src/features/auth/session.ts';
import { onCheckOrders, onCheckProgress } from '#src/features/checks/api/progress.ts';
import { onNoticeNew, onRepairsChanged } from '#src/features/repairs/api/notices-api.ts';
import { patchCenterWallet } from '#src/features/account/api/account-api.ts';
import { onRechargeChanged, onWalletChanged } from '#src/features/wallet/api/wallet-events.ts';
import { onExportProgress } from '#src/features/exports/api/exports-api.ts';

/** Server events → what the PWA refreshes (contract/realtime.ts names them). */
export function realtimeHandlers(queryClient: QueryClient, reload: () => void): RealtimeHandlers {
  return {
    'user:changed': () => {
      void loadCurrentUser().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['account'] });
    },
    // Ended elsewhere (disabled, password reset): sign out here too; the outbox is kept for the user.
    'session:ended': () => void logout().finally(reload),
    'checks:progress': (event) => {
      onCheckProgress(queryClient, event);
      // A finished order has settled and refunded its points: the header's balance is read again,
      // whatever page is open (the order detail's own refresh needs it to have seen the order run).
      if (event.progress >= 100) void loadCurrentUser().catch(() => undefined);
    },
    'checks:orders': (event) => {
      onCheckOrders(queryClient, event);
      // An order placed or deleted (here or at another counter) moves points and package checks:
      // the wallet's lists and the header's balance are read again.
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void loadCurrentUser().catch(() => undefined);
    },
    // A payment landed or a package was bought: the header, the personal center and the shopping
    // center show the new balance from the payload at once, before any refetch.
    'wallet:changed': (event) => {
      const user = getCurrentUser();
      if (user) setCurrentUser({ ...user, integral: event.integral / 100, vip_end_time: event.vip_end_time });
      patchCenterWallet(queryClient, event);
      onWalletChanged(queryClient, event);
    },
    'repairs:changed': () => onRepairsChanged(queryClient),
    'repairs:refresh': () => onRepairsChanged(queryClient),
    'notice:new': (event) => onNoticeNew(queryClient, event),
    'recharge:changed': (event) => onRechargeChanged(queryClient, event),
    'exports:progress': (event) => onExportProgress(queryClient, event),
    'data:changed': ({ topics }) => {
      // Repairs events come in bursts with repairs:changed: one refetch for them all.
      for (const topic of topics)
        if (topic === 'repairs') onRepairsChanged(queryClient);
        else void queryClient.invalidateQueries({ queryKey: [topic] });
    },
  };
}

/** Connects after sign-in, disconnects at logout. */
export function wireRealtime(queryClient: QueryClient, reload: () => void = () => window.location.reload()) {
  let connection: ReturnType<typeof connectRealtime> | null = null;
  let userId: number | null = null;
  const sync = () => {
    const user = getCurrentUser();
    const signedIn = user !== null && getToken() !== null;
    if (connection && (!signedIn || user.id !== userId)) {
      connection.close();
      connection = null;
    }
    if (!signedIn || connection) return;
    userId = user.id;
    connection = connectRealtime({
      url: apiBase(),
      getCode,
      fetchCode: async () => {
        const { code } = await callApi(endpoints.getWsAuthCode, {}, { background: true });
        setCode(code);
        return code;
      },
      handlers: realtimeHandlers(queryClient, reload),
    });
  };
  subscribeCurrentUser(sync);
  sync();
}
