import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useOutbox } from '#src/lib/offline/outbox.ts';
import { applyUpdate, subscribeUpdate, updateWaiting } from './service-worker.ts';

/**
 * Offers a new version once its service worker waits. Never forced; and not while the outbox holds
 * writes: the new version could not be trusted to replay writes the old one queued, so they go first.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, () => false);
  const pending = useOutbox().length;
  if (!waiting) return null;
  return (
    // Placed fixed itself, not through Affix's portal (the first load, decision 0025).
    <Paper
      pos="fixed"
      bottom={16}
      right={16}
      style={{ zIndex: 300 }}
      withBorder
      shadow="md"
      p="sm"
      maw={360}
      data-testid="update-prompt"
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">
          {pending > 0 ? (
            <Trans>
              A new version is ready. It can be installed once the {pending} unsent changes are sent.
            </Trans>
          ) : (
            <Trans>A new version is ready.</Trans>
          )}
        </Text>
        <Button size="compact-sm" disabled={pending > 0} onClick={applyUpdate}>
          <Trans>Update</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
