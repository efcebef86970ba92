import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { MigrationDialect } from './migrations/columns.ts';
import { accountsAndSessions } from './migrations/0001_accounts_and_sessions.ts';
import { accountsTeamSms } from './migrations/0002_accounts_team_sms.ts';
import { wechatScenes } from './migrations/0003_wechat_scenes.ts';
import { userEmail } from './migrations/0004_user_email.ts';
import { requestKeys } from './migrations/0005_request_keys.ts';
import { checks } from './migrations/0006_checks.ts';
import { templateKit } from './migrations/0011_template_kit.ts';
import { resultColumns } from './migrations/0009_result_columns.ts';
import { repairs } from './migrations/0007_repairs.ts';
import { wallet } from './migrations/0008_wallet.ts';
import { exportJobs } from './migrations/0010_export_jobs.ts';
import { requestKeyLeases } from './migrations/0012_request_key_leases.ts';
import { wsCodeSessions } from './migrations/0012_ws_code_sessions.ts';
import { socketIoAttachments } from './migrations/0017_socket_io_attachments.ts';
import { dashboardRollup } from './migrations/0016_dashboard_rollup.ts';
import { packageReturns } from './migrations/0018_package_returns.ts';
import { dashboardFacets } from './migrations/0019_dashboard_facets.ts';
import { dashboardRepairCounts } from './migrations/0020_dashboard_repair_counts.ts';
import { repairCountsRowTrigger } from './migrations/0021_repair_counts_row_trigger.ts';
import { comboNames } from './migrations/0027_combo_names.ts';
import { counter } from './migrations/0030_counter.ts';
import { ticketLinks } from './migrations/0031_ticket_links.ts';
import { counterMessages } from './migrations/0032_counter_messages.ts';
import { counterDay } from './migrations/0033_counter_day.ts';

/** In order; the names are stored in the database, so never rename one. */
function allMigrations(dialect: MigrationDialect): Record<string, Migration> {
  return {
    '0001_accounts_and_sessions': accountsAndSessions(dialect),
    '0002_accounts_team_sms': accountsTeamSms(dialect),
    '0003_wechat_scenes': wechatScenes(dialect),
    '0004_user_email': userEmail(dialect),
    '0005_request_keys': requestKeys(dialect),
    '0006_checks': checks(dialect),
    '0011_template_kit': templateKit(dialect),
    '0009_result_columns': resultColumns(dialect),
    '0007_repairs': repairs(dialect),
    '0008_wallet': wallet(dialect),
    '0010_export_jobs': exportJobs(dialect),
    '0012_request_key_leases': requestKeyLeases(dialect),
    '0012_ws_code_sessions': wsCodeSessions(dialect),
    '0017_socket_io_attachments': socketIoAttachments(dialect),
    '0016_dashboard_rollup': dashboardRollup(dialect),
    '0018_package_returns': packageReturns(dialect),
    '0019_dashboard_facets': dashboardFacets(dialect),
    '0020_dashboard_repair_counts': dashboardRepairCounts(dialect),
    '0021_repair_counts_row_trigger': repairCountsRowTrigger(dialect),
    '0027_combo_names': comboNames(dialect),
    '0030_counter': counter(dialect),
    '0031_ticket_links': ticketLinks(),
    '0032_counter_messages': counterMessages(),
    '0033_counter_day': counterDay(dialect),
  };
}

export async function migrateToLatest(db: Kysely<unknown>, dialect: MigrationDialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => allMigrations(dialect) };
  // Features are built on parallel branches, each adding its own numbered migration; a database
  // migrated on one branch must still accept a lower-numbered migration that lands later.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
