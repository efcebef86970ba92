import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { useMoveTicket } from '../api/tickets-api.ts';
import { CONFIRMED_MOVES } from '../ticket-model.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { TICKET_MOVE_LABELS } from '../ticket-words.ts';
import { useTicketAction } from './use-ticket-action.ts';

/**
 * The workflow's buttons: the moves the server offers from here (`next`), in words. Cancelling and
 * returning unrepaired end the repair: asked first. An optional note goes with the move.
 */
export function TicketMoves({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useLingui();
  const move = useMoveTicket();
  const action = useTicketAction();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<TicketStatus | null>(null);

  async function go(to: TicketStatus) {
    setConfirming(null);
    const label = i18n._(TICKET_STATUS_WORDS[to]);
    const ok = await action.run(
      () => move.mutateAsync({ id: ticket.id, version: ticket.version, to, note: note.trim() }),
      t`Ticket ${ticket.no_text}: ${label}`,
    );
    if (ok) setNote('');
  }

  if (ticket.next.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="ticket-moves">
      <TextInput
        label={t`Note with the status change (optional)`}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        maxLength={500}
        data-testid="move-note"
      />
      <Group gap="xs">
        {ticket.next.map((to) => (
          <Button
            key={to}
            variant={CONFIRMED_MOVES.includes(to) ? 'outline' : 'filled'}
            color={CONFIRMED_MOVES.includes(to) ? 'red' : undefined}
            loading={move.isPending && move.variables.to === to}
            onClick={() => (CONFIRMED_MOVES.includes(to) ? setConfirming(to) : void go(to))}
            data-testid={`move-${to}`}
          >
            {i18n._(TICKET_MOVE_LABELS[to])}
          </Button>
        ))}
      </Group>
      {action.error && (
        <Alert color="red" role="alert" data-testid="move-error">
          {action.error}
        </Alert>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? i18n._(TICKET_MOVE_LABELS[confirming]) : ''}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack>
          <Text>
            <Trans>The repair ends here and the ticket cannot be reopened. Continue?</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              <Trans>Keep the ticket open</Trans>
            </Button>
            <Button color="red" onClick={() => confirming && void go(confirming)} data-testid="move-confirm">
              {confirming ? i18n._(TICKET_MOVE_LABELS[confirming]) : ''}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
