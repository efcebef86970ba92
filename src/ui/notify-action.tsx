import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { loadNotifications } from './notify.ts';

/** Undo-style toasts stay long enough to be acted on. */
export const ACTION_NOTIFICATION_MS = 8000;

/**
 * A toast with one action button (Undo after a delete, say). The button closes the toast when
 * pressed; `testId` marks the button for tests.
 */
export function notifyWithAction(
  message: string,
  action: { label: string; onClick(): void; testId?: string },
  durationMs = ACTION_NOTIFICATION_MS,
): void {
  // The container may not be mounted yet (it comes with the first toast): the store keeps this one.
  loadNotifications().catch((err: unknown) => console.error('Loading the notifications failed', err));
  const id = notifications.show({
    color: 'teal',
    withBorder: true,
    role: 'status',
    autoClose: durationMs,
    message: (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          data-testid={action.testId}
          onClick={() => {
            notifications.hide(id);
            action.onClick();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ),
  });
}
