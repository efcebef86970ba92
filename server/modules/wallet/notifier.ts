import type { RechargeState } from '#contract/schemas/recharge.ts';

/** The wallet right after a change, as the socket carries it (contract/realtime.ts WalletEvents). */
export interface WalletSnapshot {
  integral: number;
  frozen: number;
  vip_level: number;
  vip_end_time: number;
}

/** Who hears about wallet changes: every device signed in to the account. Called after the commit. */
export interface WalletNotifier {
  walletChanged(
    accountId: number,
    reason: 'recharge' | 'purchase',
    wallet: WalletSnapshot,
    orderNo?: string,
  ): void;
  rechargeChanged(accountId: number, orderNo: string, state: RechargeState): void;
}

export const silentWalletNotifier: WalletNotifier = {
  walletChanged: () => undefined,
  rechargeChanged: () => undefined,
};
