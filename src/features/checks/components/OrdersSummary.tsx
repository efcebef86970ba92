import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { OrderListDatas } from '#contract/schemas/checks-orders.ts';
import { formatHundredths } from '#src/lib/amount.ts';

/** The totals over every order the list's filter matches (OrderList.tsx), not only this page. */
export function OrdersSummary({ summary }: { summary: OrderListDatas['summary'] | undefined }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="orders-summary">
      <Stat label={t`Orders`} value={summary ? String(summary.orders) : '—'} testId="summary-orders" />
      <Stat label={t`Devices`} value={summary ? String(summary.devices) : '—'} testId="summary-devices" />
      <Stat
        label={t`Points spent`}
        value={summary ? formatHundredths(summary.points_spent) : '—'}
        testId="summary-points"
      />
    </SimpleGrid>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}
