import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { yuan } from '../ticket-model.ts';

/** The ticket's four sums side by side: due, paid, refunded, outstanding. */
export function MoneyTotals({ ticket }: { ticket: TicketDetail }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
      {[
        [t`Due`, ticket.due_fen, 'money-due'],
        [t`Paid`, ticket.paid_fen, 'money-paid'],
        [t`Refunded`, ticket.refunded_fen, 'money-refunded'],
        [t`Outstanding`, ticket.outstanding_fen, 'money-outstanding'],
      ].map(([label, value, id]) => (
        <Stack key={id as string} gap={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} data-testid={id as string}>
            {yuan(value as number)}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
