import type { HandlerMap } from '#server/http/endpoints.ts';
import type { AccountService } from './account-service.ts';
import type { SignupService } from './signup-service.ts';

export function accountHandlers(deps: { account: AccountService; signup: SignupService }): HandlerMap {
  const { account, signup } = deps;
  return {
    userCenter: async ({ user }) => account.userCenter(user),
    // A signed-in endpoint always has its token.
    editPassword: ({ user, token, input }) => account.editPassword(user, token!, input),
    sendSms: ({ token, input, request }) => account.sendSms(token, input, request.ip),
    editPasswordSms: ({ user, token, input }) => account.editPasswordSms(user, token!, input),
    bindingPhone: ({ user, input }) => account.bindingPhone(user, input),
    register: ({ input, request }) => signup.register(input, request.ip),
    resetPassword: ({ input }) => signup.resetPassword(input),
  };
}
