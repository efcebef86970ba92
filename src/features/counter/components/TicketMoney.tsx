import { useState } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { MoneyConfirmModal } from './MoneyConfirmModal.tsx';
import { MoneyEntriesTable } from './MoneyEntriesTable.tsx';
import { MoneyEntryForm } from './MoneyEntryForm.tsx';
import { MoneyTotals } from './MoneyTotals.tsx';
import { VoidEntryModal } from './VoidEntryModal.tsx';
import { useMoneyEntry } from './use-money-entry.ts';
import { useTicketAction } from './use-ticket-action.ts';

/**
 * The ticket's money: totals (due, paid, refunded, outstanding), its entries, taking a deposit or a
 * payment (cash, WeChat Pay, Alipay, card; shown and confirmed before it is recorded) and, for Admins
 * only, refunds and voids (the server refuses them to Editors too).
 */
export function TicketMoney({ ticket, admin }: { ticket: TicketDetail; admin: boolean }) {
  const action = useTicketAction();
  const form = useMoneyEntry(ticket, admin, action);
  const [voiding, setVoiding] = useState<number | null>(null);

  return (
    <Stack gap="xs" data-testid="ticket-money">
      <Title order={4}>
        <Trans>Money</Trans>
      </Title>
      <MoneyTotals ticket={ticket} />
      {ticket.payments.length > 0 && (
        <MoneyEntriesTable payments={ticket.payments} admin={admin} onVoid={setVoiding} />
      )}
      {form.kinds.length > 0 && <MoneyEntryForm ticket={ticket} form={form} />}
      {action.error && (
        <Alert color="red" role="alert" data-testid="money-error">
          {action.error}
        </Alert>
      )}
      <MoneyConfirmModal ticket={ticket} form={form} />
      <VoidEntryModal ticket={ticket} paymentId={voiding} onClose={() => setVoiding(null)} action={action} />
    </Stack>
  );
}
