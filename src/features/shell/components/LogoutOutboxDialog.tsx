import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useOnline } from '#src/lib/offline/network.ts';

/**
 * Asked at logout when the outbox still holds this user's writes: send them now (then log out once
 * they are all through), discard them, or stay signed in.
 */
export function LogoutOutboxDialog({
  count,
  onSendNow,
  onDiscard,
  onCancel,
}: {
  /** Writes waiting; the dialog shows while it is above 0 and the user asked to log out. */
  count: number;
  onSendNow(): Promise<void>;
  onDiscard(): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const [busy, setBusy] = useState<'send' | 'discard' | null>(null);
  const run = (kind: 'send' | 'discard', action: () => Promise<void>) => {
    setBusy(kind);
    void action().finally(() => setBusy(null));
  };
  return (
    <Modal opened onClose={onCancel} title={t`Unsent changes`} centered>
      <Stack data-testid="logout-outbox-dialog">
        <Text>
          <Trans>
            {count} changes made on this device have not reached the server yet. Logging out without sending
            them loses them.
          </Trans>
        </Text>
        {!online && (
          <Text size="sm" c="dimmed">
            <Trans>You are offline: they can be sent once the network is back.</Trans>
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy !== null}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="red"
            variant="light"
            loading={busy === 'discard'}
            disabled={busy === 'send'}
            onClick={() => run('discard', onDiscard)}
          >
            <Trans>Discard and log out</Trans>
          </Button>
          <Button
            loading={busy === 'send'}
            disabled={!online || busy === 'discard'}
            onClick={() => run('send', onSendNow)}
          >
            <Trans>Send now and log out</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
