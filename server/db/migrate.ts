import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { MigrationDialect } from './migrations/columns.ts';
import { accountsAndSessions } from './migrations/0001_accounts_and_sessions.ts';
import { accountsTeamSms } from './migrations/0002_accounts_team_sms.ts';
import { wechatScenes } from './migrations/0003_wechat_scenes.ts';
import { userEmail } from './migrations/0004_user_email.ts';
import { requestKeys } from './migrations/0005_request_keys.ts';
import { checks } from './migrations/0006_checks.ts';

/** In order; the names are stored in the database, so never rename one. */
function allMigrations(dialect: MigrationDialect): Record<string, Migration> {
  return {
    '0001_accounts_and_sessions': accountsAndSessions(dialect),
    '0002_accounts_team_sms': accountsTeamSms(dialect),
    '0003_wechat_scenes': wechatScenes(dialect),
    '0004_user_email': userEmail(dialect),
    '0005_request_keys': requestKeys(dialect),
    '0006_checks': checks(dialect),
  };
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: MigrationDialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
