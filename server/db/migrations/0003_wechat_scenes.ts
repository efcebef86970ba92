import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MigrationDialect } from './columns.ts';
import { timeColumn } from './columns.ts';

// Shipped migrations are never edited: add a new file instead (architecture: db/ is additive only).
/** WeChat QR scenes (login or bind), and one user per WeChat openid. */
export function wechatScenes(_dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wechat_scenes')
        // Random, unguessable: it is the QR code's id, the poll key and the OAuth `state`.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('openid', 'text')
        .addColumn('unionid', 'text')
        .addColumn('created_at', timeColumn, (c) => c.notNull())
        .addColumn('expires_at', timeColumn, (c) => c.notNull())
        .addColumn('updated_at', timeColumn, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('wechat_scenes_expires_idx')
        .on('wechat_scenes')
        .column('expires_at')
        .execute();
      // A WeChat signs in one user: no two users may hold the same openid ('' = not bound).
      await db.schema
        .createIndex('users_wx_openid_unique')
        .on('users')
        .column('wx_openid')
        .unique()
        .where(sql.ref('wx_openid'), '<>', '')
        .execute();
    },
  };
}
