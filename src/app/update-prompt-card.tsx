import { Button, Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useOutbox } from '#src/lib/offline/outbox.ts';
import { applyUpdate } from './service-worker.ts';

// Its own chunk, fetched when a new version waits (src/app/UpdatePrompt.tsx): the outbox it reads
// (IndexedDB) is not part of the sign-in page's first load (decision 0025).

/**
 * The offer of a new version. Not while the outbox holds writes: the new version could not be
 * trusted to replay writes the old one queued, so they go first.
 */
function UpdatePromptCard() {
  const pending = useOutbox().length;
  return (
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

export const card = () => <UpdatePromptCard />;
