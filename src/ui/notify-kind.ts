/** What a toast tells: its colour and its screen-reader role follow from it. Its own file so that
 * notify.ts and the lazily loaded notifications-host.tsx both read it without importing each other. */
export type NotifyKind = 'success' | 'warning' | 'error' | 'info';
