/** The WeChat user behind a scan, as the OAuth code exchange tells it. */
export interface WechatIdentity {
  openid: string;
  unionid?: string;
  nickname?: string;
  avatar?: string;
}

export interface QrTarget {
  /** The scene id (the OAuth `state`). */
  sceneId: string;
  /** This server's origin as the browser sees it (`http://host:port`): the sandbox page lives there. */
  origin: string;
}

/** WeChat refused the code (errcode from its API) or could not be reached. */
export class WechatApiError extends Error {
  readonly errcode: number | null;
  constructor(message: string, errcode: number | null = null) {
    super(message);
    this.name = 'WechatApiError';
    this.errcode = errcode;
  }
}

/**
 * WeChat QR login (architecture: outside world behind an adapter with a sandbox). The official
 * provider speaks the open platform's website login (OAuth); the sandbox plays the phone on a local page.
 */
export interface WechatProvider {
  readonly sandbox: boolean;
  /** What the QR code shows for a scene: WeChat's qrconnect page, or the sandbox scan page. */
  qrContent(target: QrTarget): string;
  /** Trades an OAuth `code` for the scanner's identity; throws WechatApiError when refused. */
  exchangeCode(code: string): Promise<WechatIdentity>;
}
