import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { useDecideQuote } from '../api/tickets-api.ts';
import { yuan } from '../ticket-model.ts';
import { QuoteLineForm } from './QuoteLineForm.tsx';
import { QuoteLinesTable } from './QuoteLinesTable.tsx';
import { useTicketAction } from './use-ticket-action.ts';

/**
 * The quote: parts and labour with quantity and unit price (typed in yuan, sent in fen), and the
 * customer's answer, line by line (ticketQuoteDecide). Prices are on screen before anything is paid.
 */
export function TicketQuote({ ticket }: { ticket: TicketDetail }) {
  const { t } = useLingui();
  const decide = useDecideQuote();
  const action = useTicketAction();
  const proposed = ticket.lines.filter((l) => l.state === 'proposed');
  const [approved, setApproved] = useState<Set<number>>(new Set());
  const open = ticket.next.length > 0;
  const proposedTotal = proposed.reduce((s, l) => s + l.qty * l.unit_fen, 0);

  const toggle = (lineId: number) =>
    setApproved((old) => {
      const next = new Set(old);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });

  async function answer() {
    const yes = proposed.filter((l) => approved.has(l.id)).map((l) => l.id);
    const no = proposed.filter((l) => !approved.has(l.id)).map((l) => l.id);
    const ok = await action.run(
      () => decide.mutateAsync({ id: ticket.id, version: ticket.version, approved: yes, declined: no }),
      t`The customer's answer is recorded`,
    );
    if (ok) setApproved(new Set());
  }

  return (
    <Stack gap="xs" data-testid="ticket-quote">
      <Title order={4}>
        <Trans>Quote</Trans>
      </Title>
      <QuoteLinesTable lines={ticket.lines} approved={approved} onToggle={toggle} />
      {ticket.lines.length === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>No quote lines yet.</Trans>
        </Text>
      )}
      {proposed.length > 0 && (
        <Group justify="space-between">
          <Text size="sm">
            <Trans>
              Waiting for the customer: <Plural value={proposed.length} one="# line" other="# lines" />,{' '}
              {yuan(proposedTotal)}
            </Trans>
          </Text>
          <Button onClick={() => void answer()} loading={decide.isPending} data-testid="quote-decide">
            <Trans>Record the customer's answer</Trans>
          </Button>
        </Group>
      )}
      {open && <QuoteLineForm ticket={ticket} action={action} />}
      {action.error && (
        <Alert color="red" role="alert" data-testid="quote-error">
          {action.error}
        </Alert>
      )}
    </Stack>
  );
}
