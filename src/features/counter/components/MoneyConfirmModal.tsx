import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { yuan } from '../ticket-model.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';
import type { MoneyEntryState } from './use-money-entry.ts';

/** The entry under review, and what the ticket will then owe or hold: recorded only on Confirm. */
export function MoneyConfirmModal({ ticket, form }: { ticket: TicketDetail; form: MoneyEntryState }) {
  const { t, i18n } = useLingui();
  const { review } = form;
  const held = ticket.paid_fen - ticket.refunded_fen;
  return (
    <Modal
      opened={review !== null}
      onClose={() => form.setReview(null)}
      title={t`Confirm the amount`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {review && (
        <Stack data-testid="money-confirm-dialog">
          <Text size="lg" fw={600}>
            {i18n._(MONEY_KIND_WORDS[review.kind])}: {yuan(review.fen)} ·{' '}
            {i18n._(PAYMENT_METHOD_WORDS[review.method])}
          </Text>
          <Text size="sm">
            {review.kind === 'refund' ? (
              <Trans>The shop will then hold {yuan(held - review.fen)} of the customer's money.</Trans>
            ) : (
              <Trans>Still due after it: {yuan(Math.max(0, ticket.outstanding_fen - review.fen))}</Trans>
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => form.setReview(null)}>
              <Trans>Back</Trans>
            </Button>
            <Button
              onClick={() => void form.confirm(review)}
              loading={form.confirming}
              data-testid="money-confirm"
            >
              <Trans>Confirm</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
