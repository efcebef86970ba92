import type { ServerConfig } from '#server/config.ts';
import type { ConnectionReport } from '#server/preflight/connection.ts';
import { OfficialWechatProvider } from './official.ts';
import type { WechatProvider } from './provider.ts';
import { SandboxWechatProvider } from './sandbox.ts';

export type { QrTarget, WechatIdentity, WechatProvider } from './provider.ts';
export { WechatApiError } from './provider.ts';

/**
 * The provider the configuration asks for: official with WECHAT_* set, the sandbox without them
 * outside production, and none in production without them (qrcode then says "not configured").
 */
export function selectWechatProvider(config: ServerConfig): WechatProvider | null {
  if (config.wechat) return new OfficialWechatProvider(config.wechat);
  if (config.production) return null;
  return new SandboxWechatProvider();
}

/** The preflight's line for WeChat sign-in (server/preflight): what selectWechatProvider picks. */
export function describeWechat(config: ServerConfig): ConnectionReport {
  if (config.wechat)
    return {
      name: 'wechat',
      state: 'configured',
      detail: `open platform app ${config.wechat.appId}, callback ${config.wechat.redirectUri}`,
    };
  if (config.production)
    return {
      name: 'wechat',
      state: 'missing',
      detail:
        'no WECHAT_APPID/WECHAT_SECRET/WECHAT_REDIRECT_URI: WeChat sign-in and binding answer 2032 (not configured)',
    };
  return {
    name: 'wechat',
    state: 'sandbox',
    detail: 'sandbox: /sandbox/wechat/scan plays the scanning phone',
  };
}
