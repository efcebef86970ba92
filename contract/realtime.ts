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

/** Server-to-client events: each names what changed, so the PWA invalidates those queries. */
export interface ServerToClientEvents {
  /** The signed-in user's data changed (points, VIP, profile). */
  'user:changed': (payload: { user_id: number }) => void;
  /** The session was ended elsewhere (logout, disabled employee): the PWA signs out. */
  'session:ended': (payload: { reason: 'logout' | 'disabled' | 'password_changed' }) => void;
}

export type ClientToServerEvents = Record<string, never>;
