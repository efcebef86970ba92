import type { Kysely, Updateable } from 'kysely';
import type { Database, WechatScenePurpose, WechatSceneState, WechatScenesTable } from '#server/db/schema.ts';

/** WeChat QR scenes and the users' WeChat bindings. */
export class WechatRepository {
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insertScene(scene: {
    id: string;
    purpose: WechatScenePurpose;
    userId: number | null;
    createdAt: number;
    expiresAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('wechat_scenes')
      .values({
        id: scene.id,
        purpose: scene.purpose,
        user_id: scene.userId,
        state: 'pending',
        openid: null,
        unionid: null,
        created_at: scene.createdAt,
        expires_at: scene.expiresAt,
        updated_at: scene.createdAt,
      })
      .execute();
  }

  findScene(id: string) {
    return this.db.selectFrom('wechat_scenes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Moves a scene on only if it is still in one of `from` (and, with `liveAt`, not expired at that
   * time), atomically: of two concurrent moves only one gets the row back.
   */
  moveScene(
    id: string,
    from: readonly WechatSceneState[],
    set: Updateable<WechatScenesTable> & { state: WechatSceneState; updated_at: number },
    liveAt?: number,
  ) {
    let q = this.db
      .updateTable('wechat_scenes')
      .set(set)
      .where('id', '=', id)
      .where('state', 'in', [...from]);
    if (liveAt !== undefined) q = q.where('expires_at', '>', liveAt);
    return q.returningAll().executeTakeFirst();
  }

  async deleteScenesExpiredBefore(at: number): Promise<void> {
    await this.db.deleteFrom('wechat_scenes').where('expires_at', '<', at).execute();
  }

  /** The user holding this WeChat, if any. */
  findUserByOpenid(openid: string) {
    return this.db
      .selectFrom('users')
      .select(['id', 'account_id', 'username', 'disabled'])
      .where('wx_openid', '=', openid)
      .where('wx_openid', '<>', '')
      .executeTakeFirst();
  }

  findUser(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'account_id', 'username', 'real_name', 'wx_openid'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Binds (openid) or unbinds ('') a user's WeChat. */
  async setOpenid(userId: number, openid: string): Promise<void> {
    await this.db.updateTable('users').set({ wx_openid: openid }).where('id', '=', userId).execute();
  }
}
