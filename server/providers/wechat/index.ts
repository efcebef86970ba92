import type { ServerConfig } from '#server/config.ts';
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
