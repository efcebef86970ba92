import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RepairTables } from './schema-repairs.ts';
import type { DashboardTables } from './schema-dashboards.ts';

/** Times are unix milliseconds unless the column name says seconds (vip_end_time, as the API). */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  /** Unix seconds; 0 when the shop has no VIP. */
  vip_end_time: number;
  /** Spendable points in hundredths. */
  integral: number;
  /** Points reserved by check orders whose jobs have not finished, hundredths. */
  frozen: Generated<number>;
  /** The VIP level bought with a package (0 = none); counts while vip_end_time is ahead. */
  vip_level: Generated<number>;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  password_hash: string;
  real_name: string;
  avatar: string;
  /** 0 Admin, 1 Editor. */
  role: number;
  phone_number: string;
  wx_openid: string;
  disabled: number;
  created_at: number;
  last_login_at: number | null;
  /** Given at sign-up (register); '' (the column's default) for users an Admin added or seeded. */
  email: Generated<string>;
}

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the token: a stolen database does not hand out sessions. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface PuzzlesTable {
  /** The puzzle id the client sends back as uniqid. */
  id: string;
  answer_x: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateLimitsTable {
  /** What is limited and for whom, e.g. "login:user:alice" or "login:ip:1.2.3.4". */
  key: string;
  window_start: number;
  count: number;
}

export interface WsAuthCodesTable {
  code_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** The token hash of the session that asked for it; the code dies with that session. */
  session_hash: string | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  /** An SmsPurpose of the contract. */
  purpose: string;
  /**
   * Who asked for it when signed in (edit_password, binding_phone); null for the signed-out purposes
   * (register, reset_password), whose codes are keyed by phone and purpose only.
   */
  user_id: number | null;
  /** `salt$sha256(salt:code)`: never the code itself. */
  code_hash: string;
  /** Wrong tries so far; at 5 the code is burnt (used_at set). */
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Development only: the last messages the sandbox SMS provider "sent" (GET /sandbox/sms). */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  created_at: number;
}

export type WechatScenePurpose = 'login' | 'bind';
/** pending → scanned → confirmed → consumed; expired once past expires_at. */
export type WechatSceneState = 'pending' | 'scanned' | 'confirmed' | 'consumed' | 'expired';

export interface WechatScenesTable {
  /** The scene id: the QR code's `uniqid`, polled by wxok, and the OAuth `state`. */
  id: string;
  purpose: WechatScenePurpose;
  /** The user a bind scene belongs to; null for login. */
  user_id: number | null;
  state: WechatSceneState;
  /** The scanner's WeChat, once confirmed. */
  openid: string | null;
  unionid: string | null;
  created_at: number;
  expires_at: number;
  updated_at: number;
}

/** A write's request_id and its first answer: a replay gets the same answer (architecture: "The API"). */
export interface RequestKeysTable {
  account_id: number;
  request_id: string;
  path: string;
  /** pending: claimed; written: the write's transaction committed (answer may be lost in a crash); done. */
  state: 'pending' | 'written' | 'done';
  /** The envelope answered first, as JSON; null while pending. */
  answer: string | null;
  created_at: number;
  /** sha256 of the path and the parsed input without request_id; null on keys older than 0012. */
  fingerprint: string | null;
  /** Who holds the pending key, and until when; a retry takes an expired lease over. */
  lock_token: string | null;
  locked_until: number | null;
}

export interface ServiceGroupsTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort: number;
}

export interface CheckServicesTable {
  id: Generated<number>;
  group_id: number;
  code: string;
  name: string;
  description: string;
  /** Points per device, hundredths. */
  price: number;
  maintenance: number;
  /** JSON array of service codes. */
  depends_on: string;
  fresh_hours: number;
  sort: number;
}

export interface CheckOrdersTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  remark: string;
  /** JSON array of OrderedService (id, code, price at order time). */
  services: string;
  devices: number;
  jobs_total: number;
  jobs_success: number;
  jobs_failed: number;
  price: number;
  settled: number;
  refunded: number;
  created_by: number;
  created_at: number;
  deleted_at: number | null;
  /** Devices paid with package checks instead of points. */
  package_checks: Generated<number>;
  /** The order a derived order's devices were copied from (migration 0009). */
  derived_from: number | null;
}

/** One user's result columns (migration 0009): JSON arrays of column ids. */
export interface UserResultColumnsTable {
  user_id: number;
  account_id: number;
  table_columns: string;
  export_columns: string;
  updated_at: number;
}

/** 'unknown' | 'yes' | 'no' */
type Tri = string;

export interface CheckDevicesTable {
  id: Generated<number>;
  order_id: number;
  account_id: number;
  input: string;
  ident: string;
  sn: string | null;
  imei: string | null;
  imei2: string | null;
  tac_model: string | null;
  factory: string | null;
  manufactured: string | null;
  model: string | null;
  capacity: string | null;
  colour: string | null;
  network_model: string | null;
  warranty_type: string | null;
  purchase_date: string | null;
  warranty_end: string | null;
  warranty_days_left: number | null;
  id_monitor_end: string | null;
  carrier: string | null;
  carrier_country: string | null;
  sale_country: string | null;
  gsx_text: string | null;
  replaced: Generated<Tri>;
  phone_support: Generated<Tri>;
  purchase_verified: Generated<Tri>;
  loaner: Generated<Tri>;
  activated: Generated<Tri>;
  activation_lock: Generated<Tri>;
  id_blacklist: Generated<Tri>;
  network_lock: Generated<Tri>;
  in_repair: Generated<Tri>;
  mdm_lock: Generated<Tri>;
  /** The package purchase whose check paid for this device (decision 0017), if any. */
  package_purchase_id: number | null;
  /** When that check was given back because every check of the device failed. */
  package_returned_at: number | null;
  status: string;
  jobs_total: number;
  jobs_success: Generated<number>;
  jobs_failed: Generated<number>;
  updated_ms: number;
  created_at: number;
}

export type JobState = 'pending' | 'running' | 'success' | 'failed';

export interface CheckJobsTable {
  id: Generated<number>;
  order_id: number;
  device_id: number;
  account_id: number;
  service: string;
  state: JobState;
  attempts: Generated<number>;
  run_after_ms: number;
  lease_owner: string | null;
  lease_until_ms: number | null;
  ticket: string | null;
  depends_on_job_id: number | null;
  error: string | null;
  provider: string | null;
  sandbox: Generated<number>;
  reused: Generated<number>;
  share: number;
  cost: number | null;
  facts: string | null;
  settled: Generated<number>;
  created_at: number;
  finished_at: number | null;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  account_id: number;
  /** A LedgerType of the contract. */
  type: string;
  balance_delta: number;
  frozen_delta: number;
  balance_after: number;
  order_id: number | null;
  job_id: number | null;
  actor_user_id: number | null;
  created_at: number;
  /** A repair refresh's job this entry settles or refunds (migration 0007), else null. */
  repair_job_id?: number | null;
  repair_refresh_id?: number | null;
  /** Package device checks added (purchase, +) or drawn (package, -). */
  checks_delta: Generated<number>;
  /** The purchase of a purchase or package entry. */
  purchase_id: Generated<number | null>;
  /** The recharge order of a recharge entry (unique: credited once). */
  recharge_id: Generated<number | null>;
}

/** Template kit (issue 14): ids of todos and surveys are per account, the highest plus one. */
export interface TkTodosTable {
  account_id: number;
  id: number;
  title: string;
  note: string;
  category: string;
  done: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export interface TkSurveysTable {
  account_id: number;
  id: number;
  title: string;
  status: string;
  /** JSON array of the question texts. */
  questions: string;
  created_by: number;
  created_at: number;
}
export interface TkChatMessagesTable {
  id: Generated<number>;
  account_id: number;
  from_user_id: number;
  to_user_id: number;
  text: string;
  created_at: number;
}
export interface TkSettingsTable {
  account_id: number;
  hidden: number;
  updated_at: number;
}

/** A package on sale (get_account_price). Points hundredths, price fen. */
export interface WalletCombosTable {
  id: Generated<number>;
  name: string;
  description: string;
  points: number;
  price: number;
  vip_level: number;
  vip_days: number;
  check_quota: number;
  /** Days the checks stay usable after purchase; 0 = forever. */
  check_days: number;
  on_sale: number;
  sort: number;
}

/** A package bought (buy_record), a copy of the combo as it was, with its checks still unused. */
export interface PackagePurchasesTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  combo_id: number;
  combo_name: string;
  points: number;
  vip_level: number;
  vip_days: number;
  check_quota: number;
  check_left: number;
  /** Unix ms when unused checks lapse; 0 = never. */
  expires_at: number;
  request_id: string | null;
  created_at: number;
}

export type RechargeStateDb = 'created' | 'paid' | 'closed' | 'expired';

export interface RechargeOrdersTable {
  id: Generated<number>;
  order_no: string;
  account_id: number;
  user_id: number;
  provider: string;
  /** Fen. */
  amount: number;
  /** Hundredths, credited when paid. */
  points: number;
  state: RechargeStateDb;
  qr_content: string;
  trade_no: string;
  request_id: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
}

/** What the server did with each notify or query answer (audit). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  order_no: string;
  trade_no: string;
  outcome: string;
  amount: number | null;
  detail: string;
  created_at: number;
}

/** The sandbox payment provider's side of each order (development and tests only). */
export interface SandboxPaymentsTable {
  order_no: string;
  amount: number;
  state: 'pending' | 'paid' | 'failed' | 'closed';
  trade_no: string;
  expires_at: number;
  paid_at: number | null;
  created_at: number;
}

export interface ExportJobsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  order_id: number;
  file_name: string;
  /** JSON array of column ids. */
  columns: string;
  /** JSON ResultFilter. */
  filter: string;
  lang: string;
  state: 'pending' | 'running' | 'done' | 'failed' | 'expired';
  attempts: Generated<number>;
  lease_owner: string | null;
  lease_until_ms: number | null;
  progress: Generated<number>;
  rows: Generated<number>;
  size: number | null;
  file_key: string | null;
  error: string | null;
  created_ms: number;
  finished_ms: number | null;
  expires_ms: number | null;
}

export interface ExportChoresTable {
  name: string;
  next_run_ms: number;
  owner: string | null;
}

export interface ExportLinkKeysTable {
  id: number;
  secret: string;
}

export interface Database extends RepairTables, DashboardTables {
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

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
