import type { HandlerMap } from '#server/plugins/endpoints.ts';
import type { AccountService } from './account-service.ts';

export function accountHandlers(deps: { account: AccountService }): HandlerMap {
  const { account } = deps;
  return {
    userCenter: async ({ user }) => account.userCenter(user),
    // A signed-in endpoint always has its token.
    editPassword: ({ user, token, input }) => account.editPassword(user, token!, input),
    sendSms: ({ token, input, request }) => account.sendSms(token, input, request.ip),
    editPasswordSms: ({ user, token, input }) => account.editPasswordSms(user, token!, input),
    bindingPhone: ({ user, input }) => account.bindingPhone(user, input),
  };
}
