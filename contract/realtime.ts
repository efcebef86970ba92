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
export const REALTIME_TOPICS = ['team', 'account'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

/** Server-to-client events: each names what changed, so the PWA invalidates those queries. */
export interface ServerToClientEvents extends CheckProgressEvents {
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

export type ClientToServerEvents = Record<string, never>;
