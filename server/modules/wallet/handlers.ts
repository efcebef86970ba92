import type { HandlerMap } from '#server/http/endpoints.ts';
import { requestOrigin } from '#server/modules/wechat/handlers.ts';
import type { PackageService } from './package-service.ts';
import type { RechargeService } from './recharge-service.ts';

/** The wallet: packages (shopping center) and recharge. Who may call what is the contract's `access`. */
export function walletHandlers(deps: { packages: PackageService; recharge: RechargeService }): HandlerMap {
  const { packages, recharge } = deps;
  return {
    getAccountPrice: () => packages.onSale(),
    payIntegral: ({ user, input }) => packages.buy(user, input.combo_id, input.request_id),
    packageSurplus: ({ user }) => packages.surplus(user),
    buyRecord: ({ user, input }) => packages.record(user, input.page, input.page_size, input.kind),
    rechargeConfig: async () => recharge.config(),
    rechargeCreate: ({ user, input, request }) =>
      recharge.create(user, input.amount, input.request_id, requestOrigin(request)),
    rechargeStatus: ({ user, input }) => recharge.status(user, input.order_no, input.refresh),
    rechargeClose: ({ user, input }) => recharge.close(user, input.order_no),
    rechargeRecord: ({ user, input }) => recharge.record(user, input),
    sandboxPay: ({ input }) => recharge.sandboxPay(input.order_no, input.outcome),
  };
}
