import type { RepairTables } from './schema/repairs.ts';
import type { DashboardTables } from './schema/dashboards.ts';
import type { CounterTables } from './schema/counter.ts';
import type { AccountsTable, UsersTable } from './schema/accounts.ts';
import type {
  PuzzlesTable,
  RateLimitsTable,
  SessionsTable,
  SmsCodesTable,
  SmsOutboxTable,
  WechatScenesTable,
  WsAuthCodesTable,
} from './schema/auth.ts';
import type { RequestKeysTable } from './schema/idempotency.ts';
import type {
  CheckDevicesTable,
  CheckJobsTable,
  CheckOrdersTable,
  CheckServicesTable,
  ServiceGroupsTable,
  UserResultColumnsTable,
} from './schema/checks.ts';
import type { LedgerEntriesTable } from './schema/ledger.ts';
import type {
  TkChatMessagesTable,
  TkSettingsTable,
  TkSurveysTable,
  TkTodosTable,
} from './schema/template-kit.ts';
import type {
  PackagePurchasesTable,
  PaymentEventsTable,
  RechargeOrdersTable,
  SandboxPaymentsTable,
  WalletCombosTable,
} from './schema/wallet.ts';
import type { ExportChoresTable, ExportJobsTable, ExportLinkKeysTable } from './schema/exports.ts';

// Every table's type, declared under schema/ with its module's other tables; importers take them
// from here, as they always have (repairs and dashboards declare their Database part as one
// interface, RepairTables and DashboardTables, extended below).
export type * from './schema/accounts.ts';
export type * from './schema/auth.ts';
export type * from './schema/idempotency.ts';
export type * from './schema/checks.ts';
export type * from './schema/ledger.ts';
export type * from './schema/template-kit.ts';
export type * from './schema/wallet.ts';
export type * from './schema/exports.ts';
export type * from './schema/repairs.ts';
export type * from './schema/dashboards.ts';
export type * from './schema/counter.ts';

export interface Database extends RepairTables, DashboardTables, CounterTables {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  puzzles: PuzzlesTable;
  rate_limits: RateLimitsTable;
  ws_auth_codes: WsAuthCodesTable;
  wechat_scenes: WechatScenesTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  request_keys: RequestKeysTable;
  service_groups: ServiceGroupsTable;
  check_services: CheckServicesTable;
  check_orders: CheckOrdersTable;
  check_devices: CheckDevicesTable;
  check_jobs: CheckJobsTable;
  ledger_entries: LedgerEntriesTable;
  tk_todos: TkTodosTable;
  tk_surveys: TkSurveysTable;
  tk_chat_messages: TkChatMessagesTable;
  tk_settings: TkSettingsTable;
  wallet_combos: WalletCombosTable;
  package_purchases: PackagePurchasesTable;
  recharge_orders: RechargeOrdersTable;
  payment_events: PaymentEventsTable;
  sandbox_payments: SandboxPaymentsTable;
  export_jobs: ExportJobsTable;
  export_chores: ExportChoresTable;
  export_link_keys: ExportLinkKeysTable;
  user_result_columns: UserResultColumnsTable;
}
