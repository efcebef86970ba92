import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';

export type NotifyKind = 'success' | 'warning' | 'error' | 'info';

/** Spec section 9: notifications last 2000 ms unless told otherwise. */
export const DEFAULT_NOTIFICATION_MS = 2000;

const colors: Record<NotifyKind, string> = { success: 'teal', warning: 'orange', error: 'red', info: 'blue' };

/** Warnings on screen now, by message: the same warning twice at once adds nothing (offline, say). */
const shownWarnings = new Map<string, number>();

export function notify(kind: NotifyKind, message: string, durationMs = DEFAULT_NOTIFICATION_MS): void {
  if (kind === 'warning') {
    const now = Date.now();
    if ((shownWarnings.get(message) ?? 0) > now) return;
    shownWarnings.set(message, now + durationMs);
  }
  notifications.show({
    color: colors[kind],
    message,
    autoClose: durationMs,
    withBorder: true,
    // The close button is an icon: it needs a name for screen readers (axe: button-name).
    closeButtonProps: { 'aria-label': t`Close` },
    // Screen readers announce warnings and errors at once, the rest politely.
    role: kind === 'warning' || kind === 'error' ? 'alert' : 'status',
  });
}
