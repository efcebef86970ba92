import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { useVoid } from '../api/tickets-api.ts';
import type { useTicketAction } from './use-ticket-action.ts';

/**
 * Voids a mistaken deposit or payment whole, with the reason asked for (Admins only: the entries
 * table offers Void to them alone, and the server refuses it to Editors too).
 */
export function VoidEntryModal({
  ticket,
  paymentId,
  onClose,
  action,
}: {
  ticket: TicketDetail;
  /** The entry to void; null keeps the dialog closed. */
  paymentId: number | null;
  onClose(): void;
  action: ReturnType<typeof useTicketAction>;
}) {
  const { t } = useLingui();
  const voidEntry = useVoid();
  const [voidNote, setVoidNote] = useState('');

  async function confirmVoid(id: number) {
    onClose();
    const ok = await action.run(
      () =>
        voidEntry.mutateAsync({
          id: ticket.id,
          version: ticket.version,
          payment_id: id,
          note: voidNote.trim(),
        }),
      t`The entry is voided`,
    );
    if (ok) setVoidNote('');
  }

  return (
    <Modal
      opened={paymentId !== null}
      onClose={onClose}
      title={t`Void an entry`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack>
        <Text size="sm">
          <Trans>A mistaken deposit or payment is cancelled whole. Say why.</Trans>
        </Text>
        <TextInput
          label={t`Reason`}
          value={voidNote}
          onChange={(e) => setVoidNote(e.currentTarget.value)}
          maxLength={200}
          data-testid="void-note"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button
            color="red"
            disabled={voidNote.trim() === ''}
            onClick={() => paymentId !== null && void confirmVoid(paymentId)}
            data-testid="void-confirm"
          >
            <Trans>Void</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
