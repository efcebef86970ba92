import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrCode, defaultMsg } from '#contract/errcodes.ts';
import { SANDBOX_OPENID_RE, SANDBOX_WECHAT_PRESETS } from '#server/providers/wechat/sandbox.ts';
import { WechatApiError, type WechatProvider } from '#server/providers/wechat/index.ts';
import type { WechatService } from './wechat-service.ts';
import { FAVICON_LINK } from '#server/lib/favicon.ts';

export const SANDBOX_SCAN_PATH = '/sandbox/wechat/scan';
export const SANDBOX_CONFIRM_PATH = '/sandbox/wechat/confirm';
export const WX_CALLBACK_PATH = '/api/login/wx_callback';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A small self-contained page: every interpolated text goes through escapeHtml by the caller. */
function page(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${FAVICON_LINK}
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;max-width:28rem;margin:1.5rem auto;padding:0 1rem;color:#222}
.banner{background:#fff3cd;border:1px solid #e0b000;border-radius:6px;padding:.5rem .75rem;font-weight:600}
fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0}
label{display:block;margin:.35rem 0}
input[type=text]{width:100%;box-sizing:border-box;padding:.4rem}
button{background:#07c160;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem}
.muted{color:#666;font-size:.9rem}
</style>
</head>
<body>
${bodyHtml}
</body>
</html>
`;
}

function sendPage(reply: FastifyReply, status: number, title: string, bodyHtml: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    )
    .send(page(title, bodyHtml));
}

const SANDBOX_BANNER =
  '<p class="banner">沙箱 · SANDBOX — 这不是真正的微信，仅用于开发和测试。This is not WeChat: a sandbox page for development and tests.</p>';

function sceneGone(reply: FastifyReply, sandbox: boolean) {
  return sendPage(
    reply,
    410,
    '二维码已失效 / QR code no longer valid',
    `${sandbox ? SANDBOX_BANNER : ''}<h1>二维码无效或已过期</h1><p>${escapeHtml(
      defaultMsg[ErrCode.WX_SCENE_INVALID],
    )}</p><p>The QR code is unknown, expired or already used: refresh it in RepairOps.</p>`,
  );
}

/**
 * The non-API routes of WeChat login: the sandbox "phone" (outside production, sandbox provider only)
 * and the OAuth callback WeChat sends the browser to (official provider only).
 */
export async function registerWechatRoutes(
  app: FastifyInstance,
  deps: { wechat: WechatService; production: boolean },
): Promise<void> {
  const provider = deps.wechat.provider;
  if (!provider) return;
  if (provider.sandbox && !deps.production) await registerSandbox(app, deps.wechat, provider);
  if (!provider.sandbox) registerCallback(app, deps.wechat, provider);
}

async function registerSandbox(
  app: FastifyInstance,
  wechat: WechatService,
  provider: WechatProvider,
): Promise<void> {
  // An encapsulated scope: the form parser stays out of the JSON-only API.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(SANDBOX_SCAN_PATH, async (request, reply) => {
      const sceneId = String((request.query as Record<string, unknown>).scene ?? '');
      const scene = sceneId ? await wechat.openScene(sceneId, true) : null;
      if (!scene) return sceneGone(reply, true);
      const owner = await wechat.sceneOwnerName(scene.user_id);
      const purpose =
        scene.purpose === 'login'
          ? '<p>用途：<strong>登录 RepairOps</strong><br><span class="muted">Purpose: sign in to RepairOps</span></p>'
          : `<p>用途：<strong>将微信绑定到用户 ${escapeHtml(owner)}</strong><br><span class="muted">Purpose: bind this WeChat to the user ${escapeHtml(owner)}</span></p>`;
      const presets = SANDBOX_WECHAT_PRESETS.map(
        (p, i) =>
          `<label><input type="radio" name="preset" value="${escapeHtml(p.openid)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(
            p.nickname,
          )} <span class="muted">(${escapeHtml(p.openid)})</span></label>`,
      ).join('\n');
      return sendPage(
        reply,
        200,
        '沙箱微信扫码 / Sandbox WeChat scan',
        `${SANDBOX_BANNER}
<h1>微信扫码（沙箱）<br><small>Sandbox WeChat scan</small></h1>
${purpose}
<form method="post" action="${SANDBOX_CONFIRM_PATH}">
<input type="hidden" name="scene" value="${escapeHtml(scene.id)}">
<fieldset>
<legend>选择一个假的微信身份 / Pick a fake WeChat identity</legend>
${presets}
<label>或输入 openid / or type an openid:
<input type="text" name="openid" maxlength="64" pattern="[A-Za-z0-9_\\-]{1,64}" autocomplete="off"></label>
</fieldset>
<button type="submit">确认登录 / Confirm</button>
</form>
<p class="muted">有效期至 / valid until ${escapeHtml(new Date(scene.expires_at).toISOString())}</p>`,
      );
    });

    scope.post(SANDBOX_CONFIRM_PATH, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const sceneId = typeof body.scene === 'string' ? body.scene : '';
      const typed = typeof body.openid === 'string' ? body.openid.trim() : '';
      const preset = typeof body.preset === 'string' ? body.preset : '';
      const openid = typed || preset;
      if (!SANDBOX_OPENID_RE.test(openid)) {
        return sendPage(
          reply,
          400,
          '沙箱 / Sandbox',
          `${SANDBOX_BANNER}<h1>openid 无效</h1><p>An openid is 1-64 letters, digits, - or _.</p>`,
        );
      }
      const identity = await provider.exchangeCode(openid);
      if (!sceneId || !(await wechat.confirm(sceneId, identity))) return sceneGone(reply, true);
      return sendPage(
        reply,
        200,
        '已确认 / Confirmed',
        `${SANDBOX_BANNER}<h1>已确认 / Confirmed</h1><p>微信身份 ${escapeHtml(
          identity.nickname ?? '',
        )} (${escapeHtml(identity.openid)}) 已确认，请回到 RepairOps 页面。</p><p>Confirmed as ${escapeHtml(
          identity.openid,
        )}: go back to RepairOps, it signs in (or binds) on its next poll.</p>`,
      );
    });
  });
}

function registerCallback(app: FastifyInstance, wechat: WechatService, provider: WechatProvider): void {
  app.get(WX_CALLBACK_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const code = typeof query.code === 'string' ? query.code : '';
    const state = typeof query.state === 'string' ? query.state : '';
    // The state is the scene id: only a live scene of ours is worth a call to WeChat.
    if (!state || state.length > 64 || !(await wechat.openScene(state))) return sceneGone(reply, false);
    if (!code || code.length > 512) {
      // The user refused on the phone (WeChat then sends no code).
      return sendPage(
        reply,
        400,
        '微信授权失败',
        `<h1>${escapeHtml(defaultMsg[ErrCode.WX_AUTH_FAILED])}</h1>`,
      );
    }
    try {
      const identity = await provider.exchangeCode(code);
      if (!(await wechat.confirm(state, identity))) return sceneGone(reply, false);
    } catch (err) {
      if (!(err instanceof WechatApiError)) throw err;
      request.log.warn({ wechatErrcode: err.errcode, err: err.message }, 'wechat code exchange refused');
      return sendPage(
        reply,
        502,
        '微信授权失败 / WeChat authorization failed',
        `<h1>${escapeHtml(defaultMsg[ErrCode.WX_AUTH_FAILED])}</h1><p>WeChat did not accept the authorization: scan a new QR code.</p>`,
      );
    }
    return sendPage(
      reply,
      200,
      '已确认 / Confirmed',
      '<h1>微信已确认</h1><p>请回到 RepairOps 页面。You can go back to RepairOps.</p>',
    );
  });
}
