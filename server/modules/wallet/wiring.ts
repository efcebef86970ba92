import type { ModuleDeps } from '#server/module-deps.ts';
import { rechargeSettings } from '#server/payment-config.ts';
import type { HandlerMap } from '#server/http/endpoints.ts';
import { accountRoom, emitDataChanged } from '#server/http/realtime.ts';
import { selectPaymentProvider } from '#server/providers/payment/index.ts';
import type { PaymentProvider } from '#server/providers/payment/provider.ts';
import { walletHandlers } from './handlers.ts';
import type { WalletNotifier } from './notifier.ts';
import { PackageService } from './package-service.ts';
import { registerPaymentRoutes } from './payment-routes.ts';
import { RechargeService } from './recharge-service.ts';

/** Builds the wallet: packages, recharge and the payment provider's routes (server/app.ts). */
export async function buildWallet(
  deps: ModuleDeps & {
    /** Default (undefined): the provider config.payment asks for; null: none. */
    paymentProvider?: PaymentProvider | null;
  },
): Promise<{ handlers: HandlerMap }> {
  const { app, io, db, clock, config, paymentProvider } = deps;
  const notify: WalletNotifier = {
    walletChanged: (accountId, reason, wallet, orderNo) => {
      io.to(accountRoom(accountId)).emit('wallet:changed', {
        reason,
        ...wallet,
        ...(orderNo ? { order_no: orderNo } : {}),
      });
      emitDataChanged(io, accountId, ['wallet', 'account']);
    },
    rechargeChanged: (accountId, orderNo, state) => {
      io.to(accountRoom(accountId)).emit('recharge:changed', { order_no: orderNo, state });
      emitDataChanged(io, accountId, ['wallet']);
    },
  };
  const packages = new PackageService({ db, clock, notify });
  const recharge = new RechargeService({
    db,
    clock,
    provider: paymentProvider === undefined ? selectPaymentProvider(config, db, clock) : paymentProvider,
    settings: rechargeSettings(config),
    notify,
    limiter: deps.limiter,
    log: app.log,
  });
  await registerPaymentRoutes(app, { recharge, production: config.production });
  return { handlers: walletHandlers({ packages, recharge }) };
}
