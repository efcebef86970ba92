import type { Generated } from 'kysely';

// Signing in and proving who asks: sessions, puzzles, rate limits, socket codes, SMS codes, WeChat scenes.

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
