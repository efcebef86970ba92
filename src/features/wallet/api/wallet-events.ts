import type { QueryClient } from '@tanstack/react-query';
import type { UserCenter } from '#contract/schemas/account.ts';
import type { WalletEvents } from '#contract/realtime.ts';
import { walletKeys } from './ledger-api.ts';

export type WalletChangedPayload = Parameters<WalletEvents['wallet:changed']>[0];
export type RechargeChangedPayload = Parameters<WalletEvents['recharge:changed']>[0];

/** A wallet figure from the socket folded into a cached personal-center answer (pure). */
export function withWallet(center: UserCenter, event: WalletChangedPayload): UserCenter {
  return {
    ...center,
    integral: event.integral,
    frozen_integral: event.frozen,
    vip_level: event.vip_level,
    vip_end_time: event.vip_end_time,
  };
}

/**
 * The shop's wallet changed (a recharge was credited, a package bought): the shopping center's
 * figures show the payload at once; records and package checks are fetched again.
 */
export function onWalletChanged(queryClient: QueryClient, event: WalletChangedPayload): void {
  queryClient.setQueryData<UserCenter>(walletKeys.center(), (old) => (old ? withWallet(old, event) : old));
  void queryClient.invalidateQueries({
    queryKey: walletKeys.all,
    predicate: (query) => query.queryKey[1] !== 'center',
  });
}

/** A recharge order changed state: its cached order and the recharge record are out of date. */
export function onRechargeChanged(queryClient: QueryClient, event: RechargeChangedPayload): void {
  queryClient.setQueryData(walletKeys.rechargeOrder(event.order_no), (old: { state: string } | undefined) =>
    old ? { ...old, state: event.state } : old,
  );
  void queryClient.invalidateQueries({ queryKey: walletKeys.rechargeOrder(event.order_no) });
  void queryClient.invalidateQueries({ queryKey: [...walletKeys.all, 'recharges'] });
}
