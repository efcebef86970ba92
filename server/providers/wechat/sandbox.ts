import type { QrTarget, WechatIdentity, WechatProvider } from './provider.ts';
import { WechatApiError } from './provider.ts';

/** Fake WeChat users the sandbox scan page offers (any other openid may be typed). */
export const SANDBOX_WECHAT_PRESETS: readonly (WechatIdentity & { nickname: string })[] = [
  { openid: 'sandbox_openid_zhang', nickname: '张三 (Sandbox)' },
  { openid: 'sandbox_openid_li', nickname: '李四 (Sandbox)' },
  { openid: 'sandbox_openid_wang', nickname: '王五 (Sandbox)' },
];

/** A typed sandbox openid: what WeChat openids look like (letters, digits, - and _), bounded. */
export const SANDBOX_OPENID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Development, demos and tests: the QR code opens `/sandbox/wechat/scan` on this server, which plays
 * the scanning phone. There the "code" the phone hands back is the chosen openid itself.
 */
export class SandboxWechatProvider implements WechatProvider {
  readonly sandbox = true;

  qrContent({ sceneId, origin }: QrTarget): string {
    return `${origin}/sandbox/wechat/scan?scene=${encodeURIComponent(sceneId)}`;
  }

  async exchangeCode(code: string): Promise<WechatIdentity> {
    if (!SANDBOX_OPENID_RE.test(code)) throw new WechatApiError('invalid sandbox openid', 40029);
    const preset = SANDBOX_WECHAT_PRESETS.find((p) => p.openid === code);
    return preset ? { ...preset } : { openid: code, nickname: 'Sandbox user' };
  }
}
