import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Times are unix milliseconds unless the column name says seconds (vip_end_time, as the API). */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  /** Unix seconds; 0 when the shop has no VIP. */
  vip_end_time: number;
  /** Points in hundredths. */
  integral: number;
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
  state: 'pending' | 'done';
  /** The envelope answered first, as JSON; null while pending. */
  answer: string | null;
  created_at: number;
}

export interface Database {
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
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
