import { Notifications, notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import type { NotifyKind } from './notify-kind.ts';

// Its own chunk (src/ui/notify.ts loads it with the first toast): Mantine's notifications bring
// react-transition-group, react-remove-scroll and the drag hook, none of which the sign-in page needs
// to paint (decision 0025).

const colors: Record<NotifyKind, string> = { success: 'teal', warning: 'orange', error: 'red', info: 'blue' };

/**
 * Mantine's notifications container; the providers mount it once this chunk is there. Bottom right, as
 * back-offices put them: at the top centre they covered the header (the notification popover, the
 * offline indicator) and the page title (issue 27); the page's own actions sit at its top.
 */
export const container = () => <Notifications position="bottom-right" limit={4} />;

export function show(kind: NotifyKind, message: string, durationMs: number, id?: string): void {
  notifications.show({
    id,
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

/** Takes one toast away (a stale warning: notify.ts clearStaleToasts). */
export function hide(id: string): void {
  notifications.hide(id);
}
