import { memo } from 'react';
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { OrderRow } from '#contract/schemas/checks-orders.ts';
import { formatHundredths } from '#src/lib/amount.ts';

/**
 * The order's progress (jobs finished of all) and its points: frozen, settled, refunded; and how many
 * devices bought package checks paid for instead of points (the detail's `package_checks`).
 */
export const OrderProgress = memo(function OrderProgress({
  order,
}: {
  order: OrderRow & { package_checks?: number };
}) {
  const { t } = useLingui();
  const running = order.status === 'running';
  const points: Array<[string, number, string]> = [
    [t`Price`, order.price, 'order-price'],
    [t`Still frozen`, order.frozen, 'order-frozen'],
    [t`Settled`, order.settled, 'order-settled'],
    [t`Refunded`, order.refunded, 'order-refunded'],
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            {running ? <Trans>Checking…</Trans> : <Trans>Finished</Trans>}{' '}
            <span data-testid="order-progress">{order.progress}%</span>
          </Text>
          <Text size="sm">
            <Trans>
              {order.jobs_success} succeeded · {order.jobs_failed} failed ·{' '}
              <Plural value={order.jobs_total} one="# job" other="# jobs" />
            </Trans>
          </Text>
        </Group>
        <Progress
          value={order.progress}
          animated={running}
          striped={running}
          color={order.jobs_failed > 0 && !running ? 'orange' : 'teal'}
          aria-label={t`Progress of the order`}
          data-testid="order-progress-bar"
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {points.map(([label, value, testId]) => (
            <div key={testId}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>
                <span data-testid={testId}>{formatHundredths(value)}</span>{' '}
                <Text span size="xs" c="dimmed">
                  {t({ message: 'points', context: 'the unit after an amount' })}
                </Text>
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {!!order.package_checks && (
          <Text size="sm" data-testid="order-package-checks">
            <Plural
              value={order.package_checks}
              one="# device paid with a package check, the rest with points"
              other="# devices paid with package checks, the rest with points"
            />
          </Text>
        )}
      </Stack>
    </Paper>
  );
});
