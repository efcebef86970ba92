import { randomBytes } from 'node:crypto';
import { ErrCode } from '#contract/errcodes.ts';
import { Role } from '#contract/roles.ts';
import type { QrcodeDatas, WxokDatas, WxPurpose } from '#contract/schemas/account.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AuthRepository } from '#server/modules/auth/repository.ts';
import type { AuthUser, SessionService } from '#server/modules/auth/session-service.ts';
import { toUserDatas } from '#server/modules/auth/user-datas.ts';
import type { RateLimiter } from '#server/http/rate-limit.ts';
import type { WechatIdentity, WechatProvider } from '#server/providers/wechat/index.ts';
import type { WechatRepository } from './repository.ts';

/** How long a QR code stays valid, and how often the PWA polls it. */
export const WECHAT_SCENE = { ttlMs: 120_000, pollIntervalS: 2 } as const;

/**
 * Per address. A poll every 2 s is 30 a minute per open QR code; 180 leaves room for a few terminals
 * of one shop behind the same NAT. New codes: one per 2 minutes while a page stays open, plus reloads.
 */
export const WECHAT_LIMITS = {
  pollPerAddress: { max: 180, windowMs: 60_000 },
  qrcodePerAddress: { max: 60, windowMs: 15 * 60_000 },
};

/** WeChat QR login and binding: scenes in the database, so any API process can answer a poll. */
export class WechatService {
  private readonly deps: {
    repo: WechatRepository;
    auth: AuthRepository;
    sessions: SessionService;
    limiter: RateLimiter;
    clock: Clock;
    provider: WechatProvider | null;
  };
  constructor(deps: WechatService['deps']) {
    this.deps = deps;
  }

  get provider(): WechatProvider | null {
    return this.deps.provider;
  }

  /** A new scene; `owner` is the signed-in user a bind scene belongs to. */
  async createScene(
    purpose: WxPurpose,
    owner: AuthUser | null,
    origin: string,
    address: string,
  ): Promise<QrcodeDatas> {
    const { repo, limiter, clock, provider } = this.deps;
    if (!provider) throw new AppError(ErrCode.WX_NOT_CONFIGURED);
    await limiter.hit(`wxqr:ip:${address}`, WECHAT_LIMITS.qrcodePerAddress);
    const now = clock.now();
    const id = randomBytes(16).toString('base64url');
    await repo.insertScene({
      id,
      purpose,
      userId: purpose === 'bind' ? (owner?.user_id ?? null) : null,
      createdAt: now,
      expiresAt: now + WECHAT_SCENE.ttlMs,
    });
    // Housekeeping on the way: scenes older than an hour are of no use to anyone.
    await repo.deleteScenesExpiredBefore(now - 3600_000);
    return {
      uniqid: id,
      qr_content: provider.qrContent({ sceneId: id, origin }),
      expires_in: WECHAT_SCENE.ttlMs / 1000,
      poll_interval: WECHAT_SCENE.pollIntervalS,
      sandbox: provider.sandbox,
    };
  }

  /** wxok: the scene's state; a confirmed scene is used up by the poll that sees it. */
  async poll(
    input: { uniqid: string; purpose: WxPurpose },
    token: string | undefined,
    address: string,
  ): Promise<WxokDatas> {
    const { repo, auth, sessions, limiter, clock } = this.deps;
    await limiter.hit(`wxok:ip:${address}`, WECHAT_LIMITS.pollPerAddress);
    const scene = await repo.findScene(input.uniqid);
    // Unknown: never made, or cleaned up long after it expired. Either way the PWA needs a new code.
    if (!scene) return { status: 'expired' };
    if (scene.purpose !== input.purpose) throw new AppError(ErrCode.WX_SCENE_INVALID);

    let caller: AuthUser | null = null;
    if (scene.purpose === 'bind') {
      caller = await sessions.require(token);
      if (scene.user_id !== caller.user_id) throw new AppError(ErrCode.FORBIDDEN);
    }

    const now = clock.now();
    if (scene.state === 'expired' || scene.state === 'consumed') return { status: 'expired' };
    if (now >= scene.expires_at) {
      await repo.moveScene(scene.id, ['pending', 'scanned', 'confirmed'], {
        state: 'expired',
        updated_at: now,
      });
      return { status: 'expired' };
    }
    if (scene.state === 'pending' || scene.state === 'scanned') return { status: scene.state };

    // Confirmed: one poll gets the answer, any other (concurrent or later) sees the scene used up.
    const used = await repo.moveScene(scene.id, ['confirmed'], { state: 'consumed', updated_at: now });
    if (!used?.openid) return { status: 'expired' };
    const holder = await repo.findUserByOpenid(used.openid);

    if (scene.purpose === 'login') {
      if (!holder) throw new AppError(ErrCode.WX_NOT_BOUND);
      const user = await auth.findUserById(holder.id);
      if (!user) throw new AppError(ErrCode.WX_NOT_BOUND);
      if (user.disabled) throw new AppError(ErrCode.ACCOUNT_DISABLED);
      const newToken = await sessions.open(user.user_id);
      await auth.recordLogin(user.user_id, now);
      return { status: 'logged_in', ...toUserDatas(user), token: newToken };
    }

    const me = caller as AuthUser;
    if (holder && holder.id !== me.user_id) throw new AppError(ErrCode.WX_BOUND_TO_OTHER);
    try {
      await repo.setOpenid(me.user_id, used.openid);
    } catch (err) {
      // The unique index: someone bound this WeChat in the meantime.
      if (await repo.findUserByOpenid(used.openid)) throw new AppError(ErrCode.WX_BOUND_TO_OTHER);
      throw err;
    }
    const user = await auth.findUserById(me.user_id);
    if (!user) throw new AppError(ErrCode.SESSION_EXPIRED);
    return { status: 'bound', ...toUserDatas(user) };
  }

  /**
   * The scene a scan or a callback may still complete (pending or scanned, not expired), or null.
   * The sandbox page marks it scanned on the way (`markScanned`).
   */
  async openScene(id: string, markScanned = false) {
    const { repo, clock } = this.deps;
    const now = clock.now();
    const scene = await repo.findScene(id);
    if (!scene || now >= scene.expires_at) return null;
    if (scene.state !== 'pending' && scene.state !== 'scanned') return null;
    if (markScanned && scene.state === 'pending') {
      return (await repo.moveScene(id, ['pending'], { state: 'scanned', updated_at: now }, now)) ?? null;
    }
    return scene;
  }

  /** The WeChat user confirmed the scene (sandbox page, or WeChat's OAuth callback). */
  async confirm(id: string, identity: WechatIdentity): Promise<boolean> {
    const now = this.deps.clock.now();
    const moved = await this.deps.repo.moveScene(
      id,
      ['pending', 'scanned'],
      { state: 'confirmed', openid: identity.openid, unionid: identity.unionid ?? null, updated_at: now },
      now,
    );
    return moved !== undefined;
  }

  /** The username a bind scene's page names (who the WeChat will be bound to). */
  async sceneOwnerName(userId: number | null): Promise<string> {
    if (userId === null) return '';
    const u = await this.deps.repo.findUser(userId);
    return u ? u.real_name || u.username : '';
  }

  /** unbind_wx: the caller's own binding, or (Admin) an employee's of the same account. */
  async unbind(caller: AuthUser, userId: number | undefined): Promise<null> {
    const { repo } = this.deps;
    const target = userId ?? caller.user_id;
    if (target !== caller.user_id) {
      if (caller.role !== Role.Admin) throw new AppError(ErrCode.FORBIDDEN);
      const employee = await repo.findUser(target);
      if (!employee || employee.account_id !== caller.account_id)
        throw new AppError(ErrCode.EMPLOYEE_NOT_FOUND);
    }
    await repo.setOpenid(target, '');
    return null;
  }
}
