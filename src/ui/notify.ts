import { notifications } from '@mantine/notifications';

export type NotifyKind = 'success' | 'warning' | 'error' | 'info';

/** Spec section 9: notifications last 2000 ms unless told otherwise. */
export const DEFAULT_NOTIFICATION_MS = 2000;

const colors: Record<NotifyKind, string> = { success: 'teal', warning: 'orange', error: 'red', info: 'blue' };

export function notify(kind: NotifyKind, message: string, durationMs = DEFAULT_NOTIFICATION_MS): void {
  notifications.show({
    color: colors[kind],
    message,
    autoClose: durationMs,
    withBorder: true,
    // Screen readers announce warnings and errors at once, the rest politely.
    role: kind === 'warning' || kind === 'error' ? 'alert' : 'status',
  });
}
