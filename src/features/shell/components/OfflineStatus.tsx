import { Badge, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '#src/lib/dates.ts';
import { useOnline } from '#src/lib/offline/network.ts';
import { discardItem, retryItem, sendNow, useOutbox } from '#src/lib/offline/outbox.ts';
import type { OutboxItem, OutboxState } from '#src/lib/offline/outbox-store.ts';

const STATE_LABEL: Record<OutboxState, MessageDescriptor> = {
  queued: msg`Waiting to be sent`,
  sending: msg`Sending`,
  'failed-transport': msg`Not sent yet, will retry`,
  refused: msg`Refused by the server`,
};
const STATE_COLOR: Record<OutboxState, string> = {
  queued: 'gray',
  sending: 'blue',
  'failed-transport': 'orange',
  refused: 'red',
};

/**
 * The header's network status: "Offline" while there is no network, and the count of writes waiting
 * in the outbox, which opens the list of them (each with its state; a refused one shows the server's
 * message and can be sent again or discarded).
 */
export function OfflineStatus() {
  const online = useOnline();
  const items = useOutbox();
  const { t } = useLingui();
  const count = items.length;
  return (
    <Group gap="xs" wrap="nowrap">
      {!online && (
        <Badge
          color="red"
          variant="filled"
          leftSection={<IconCloudOff size={14} aria-hidden />}
          data-testid="offline-indicator"
          role="status"
        >
          {t`Offline`}
        </Badge>
      )}
      {items.length > 0 && (
        <Popover width={360} position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <Button
              size="compact-sm"
              variant="light"
              color={items.some((item) => item.state === 'refused') ? 'red' : 'orange'}
              leftSection={<IconCloudUpload size={16} aria-hidden />}
              data-testid="outbox-button"
            >
              <Trans>{count} unsent</Trans>
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <OutboxList items={items} online={online} />
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

function OutboxList({ items, online }: { items: readonly OutboxItem[]; online: boolean }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="sm" data-testid="outbox-list">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          <Trans>Changes waiting to be sent</Trans>
        </Text>
        <Button size="compact-xs" variant="subtle" disabled={!online} onClick={() => void sendNow()}>
          <Trans>Send now</Trans>
        </Button>
      </Group>
      {items.map((item) => (
        <Stack key={item.id} gap={2} data-testid="outbox-item" data-state={item.state}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {item.label || item.path}
            </Text>
            <Badge size="sm" variant="light" color={STATE_COLOR[item.state]}>
              {i18n._(STATE_LABEL[item.state])}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.created_at)}
          </Text>
          {item.state === 'refused' && (
            <>
              <Text size="xs" c="red" data-testid="outbox-error">
                {item.last_error}
              </Text>
              <Group gap="xs">
                <Button
                  size="compact-xs"
                  variant="light"
                  disabled={!online}
                  onClick={() => void retryItem(item.id)}
                >
                  <Trans>Retry</Trans>
                </Button>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  onClick={() => void discardItem(item.id)}
                >
                  <Trans>Discard</Trans>
                </Button>
              </Group>
            </>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
