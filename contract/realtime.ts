import type { ExportRow } from './schemas/checks-export.ts';

/**
 * The real-time channel (socket.io). The PWA connects with `auth: { auth_info: code, source: 'erp' }`;
 * a bad or expired code is refused with the error message below.
 */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_SOURCE = 'erp';
export const INVALID_AUTH_INFO = 'invalid auth_info';

export interface SocketAuth {
  auth_info: string;
  source: typeof SOCKET_SOURCE;
}

/**
 * What `data:changed` names: each topic is the root of a feature's query keys in the PWA (its key
 * factory's `all`), so the PWA refetches exactly those. A feature adds its topic here with one line.
 */
export const REALTIME_TOPICS = [
  'team',
  'account',
  'wallet',
  'repairs',
  'notices',
  'todos',
  'surveys',
  'templateKit',
  // The counter: a customer message's delivery result (sent, failed) changes the ticket's and customer's pages.
  'counter',
] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

/** Server-to-client events: each names what changed, so the PWA invalidates those queries. */
export interface ServerToClientEvents
  extends CheckProgressEvents, WalletEvents, RepairEvents, ExportProgressEvents, ChatEvents {
  /** The signed-in user's data changed (points, VIP, profile). */
  'user:changed': (payload: { user_id: number }) => void;
  /** The session was ended elsewhere (logout, disabled employee): the PWA signs out. */
  'session:ended': (payload: { reason: 'logout' | 'disabled' | 'password_changed' }) => void;
  /** Shared data of the account changed (sent to everyone signed in to the account). */
  'data:changed': (payload: { topics: RealtimeTopic[] }) => void;
}

/** Sent to the whole account (every signed-in employee of the shop) as a check order advances. */
export interface CheckProgressEvents {
  /** A job finished: its order's counts changed (the detail page refetches changed devices). */
  'checks:progress': (payload: {
    order_id: number;
    jobs_total: number;
    jobs_success: number;
    jobs_failed: number;
    /** 0-100, rounded down. */
    progress: number;
  }) => void;
  /** An order was placed, changed or deleted: lists and totals are out of date. */
  'checks:orders': (payload: { order_id: number }) => void;
}

/** Template-kit chat: sent to the sender's and the recipient's user rooms (every device of both). */
export interface ChatEvents {
  'chat:message': (payload: {
    id: number;
    from_user_id: number;
    to_user_id: number;
    text: string;
    created_at: number;
  }) => void;
}

/** Sent to the whole account as tracked devices change (repairs-server). */
export interface RepairEvents {
  /**
   * Tracked devices changed (intake, edit, badge, a refresh or monitor answer): the list, the
   * detail of these devices and today's changes are out of date. `batch_ids` lists their batches.
   */
  'repairs:changed': (payload: { device_ids: number[]; batch_ids: number[] }) => void;
  /**
   * A refresh advanced: `done` + `failed` of `total` devices answered (0-100 `progress`).
   */
  'repairs:refresh': (payload: {
    refresh_id: number;
    total: number;
    done: number;
    failed: number;
    progress: number;
  }) => void;
  /**
   * A monitor saw a change and stored a notification (already counted in the unread count): the
   * shell shows it live on any page; the PWA words the alert from `field`, `from` and `to`.
   */
  'notice:new': (payload: {
    id: number;
    kind: 'repair' | 'id_lock' | 'network_lock';
    device_id: number | null;
    ident: string;
    field: string;
    from: string | null;
    to: string | null;
    customer_name: string;
    created_at: number;
  }) => void;
}

/**
 * Sent to the whole account when its wallet changes (after the write committed). The PWA updates the
 * header balance and the personal center from the payload at once, then refetches what `data:changed`
 * with topic 'wallet' names (records, package surplus).
 */
export interface WalletEvents {
  /** Points or package checks changed: a recharge was credited or a package bought. */
  'wallet:changed': (payload: {
    reason: 'recharge' | 'purchase';
    /** Spendable and frozen points now, hundredths. */
    integral: number;
    frozen: number;
    vip_level: number;
    vip_end_time: number;
    /** The recharge order that was paid (reason 'recharge'). */
    order_no?: string;
  }) => void;
  /** A recharge order changed state (paid, closed, expired): /orderAlipay shows it live. */
  'recharge:changed': (payload: {
    order_no: string;
    state: 'created' | 'paid' | 'closed' | 'expired';
  }) => void;
}

/**
 * Sent to the whole account as an Excel export is queued, advances, finishes, fails or expires: the
 * export's whole row, so the download center shows it without asking again.
 */
export interface ExportProgressEvents {
  'exports:progress': (payload: ExportRow) => void;
}

export type ClientToServerEvents = Record<string, never>;
