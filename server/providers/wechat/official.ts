import type { WechatConfig } from '#server/config.ts';
import type { QrTarget, WechatIdentity, WechatProvider } from './provider.ts';
import { WechatApiError } from './provider.ts';

const QRCONNECT = 'https://open.weixin.qq.com/connect/qrconnect';
const TIMEOUT_MS = 5000;

interface WechatErrorBody {
  errcode?: number;
  errmsg?: string;
}
interface AccessTokenBody extends WechatErrorBody {
  access_token?: string;
  openid?: string;
  unionid?: string;
}
interface UserInfoBody extends WechatErrorBody {
  openid?: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
}

/**
 * The open platform's website login ("网站应用微信登录"): the browser shows WeChat's qrconnect page,
 * WeChat sends it back to WECHAT_REDIRECT_URI with `code` and `state` (the scene id), and the server
 * trades the code for the openid at `{apiBase}/sns/oauth2/access_token`.
 */
export class OfficialWechatProvider implements WechatProvider {
  readonly sandbox = false;
  private readonly config: WechatConfig;
  constructor(config: WechatConfig) {
    this.config = config;
  }

  qrContent({ sceneId }: QrTarget): string {
    const q = [
      `appid=${encodeURIComponent(this.config.appId)}`,
      `redirect_uri=${encodeURIComponent(this.config.redirectUri)}`,
      'response_type=code',
      'scope=snsapi_login',
      `state=${encodeURIComponent(sceneId)}`,
    ].join('&');
    return `${QRCONNECT}?${q}#wechat_redirect`;
  }

  async exchangeCode(code: string): Promise<WechatIdentity> {
    const token = await this.get<AccessTokenBody>('/sns/oauth2/access_token', {
      appid: this.config.appId,
      secret: this.config.secret,
      code,
      grant_type: 'authorization_code',
    });
    if (!token.access_token || !token.openid) throw new WechatApiError('access_token answer without openid');
    const identity: WechatIdentity = { openid: token.openid };
    if (token.unionid) identity.unionid = token.unionid;
    // The profile is a nicety: the sign-in does not depend on it.
    try {
      const info = await this.get<UserInfoBody>('/sns/userinfo', {
        access_token: token.access_token,
        openid: token.openid,
      });
      if (info.nickname) identity.nickname = info.nickname;
      if (info.headimgurl) identity.avatar = info.headimgurl;
      if (!identity.unionid && info.unionid) identity.unionid = info.unionid;
    } catch {
      // Keep the openid alone.
    }
    return identity;
  }

  /** GET a WeChat API path; WeChat answers HTTP 200 with `{ errcode, errmsg }` on failure. */
  private async get<T extends WechatErrorBody>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${this.config.apiBase}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new WechatApiError(`WeChat unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new WechatApiError(`WeChat answered HTTP ${res.status}`);
    let body: T;
    try {
      body = (await res.json()) as T;
    } catch {
      throw new WechatApiError('WeChat answered something other than JSON');
    }
    if (typeof body !== 'object' || body === null) throw new WechatApiError('WeChat answered no object');
    if (body.errcode) throw new WechatApiError(`WeChat ${body.errcode}: ${body.errmsg ?? ''}`, body.errcode);
    return body;
  }
}
