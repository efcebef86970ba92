import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { endpoints } from '#contract/endpoint-paths.generated.ts';
import { TICKET_NOTE_MAX } from '#contract/values/counter-tickets.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { useOutbox } from '#src/lib/offline/outbox.ts';
import { useAddNote } from '../api/tickets-api.ts';
import { useTicketAction } from './use-ticket-action.ts';

/**
 * A note on the ticket alone ("customer called back"), open or closed. Offline it waits in the
 * outbox (sent once by its request_id) and shows here as waiting until it lands in the history.
 */
export function TicketNote({ ticket }: { ticket: TicketDetail }) {
  const { t } = useLingui();
  const add = useAddNote();
  const action = useTicketAction();
  const [note, setNote] = useState('');
  const waiting = useOutbox().filter(
    (item) => item.path === endpoints.ticketNote.path && item.body.id === ticket.id,
  );
  const text = note.trim();

  async function save() {
    const ok = await action.run(
      () => add.mutateAsync({ id: ticket.id, note: text }),
      t`Note added to ticket ${ticket.no_text}`,
    );
    if (ok) setNote('');
  }

  return (
    <Stack gap="xs" data-testid="ticket-note">
      <Title order={4}>
        <Trans>Add a note</Trans>
      </Title>
      <Textarea
        label={t`Note (seen by the shop only)`}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={TICKET_NOTE_MAX}
        rows={2}
        data-testid="note-text"
      />
      <Group justify="flex-end">
        <Button
          onClick={() => void save()}
          disabled={text.length === 0}
          loading={add.isPending}
          data-testid="note-save"
        >
          <Trans>Add note</Trans>
        </Button>
      </Group>
      {action.error && (
        <Alert color="red" role="alert" data-testid="note-error">
          {action.error}
        </Alert>
      )}
      {waiting.map((item) => (
        <Group key={item.id} gap="xs" wrap="nowrap" data-testid="note-pending">
          {/* Filled, as the message log: the theme keeps filled colors readable; light ones fell under 4.5:1. */}
          <Badge color="orange" variant="filled" style={{ flexShrink: 0 }}>
            <Trans>Waiting to be sent</Trans>
          </Badge>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {typeof item.body.note === 'string' ? item.body.note : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
