import { Alert, Button, Group, Text } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import { formatHundredths } from '#src/lib/amount.ts';
import type { LineStats } from '../model/line-stats.ts';

/**
 * The new order's price line (NewOrderPanel.tsx): devices × price per device, what unused package
 * checks cover, the total against the balance, the place button, and the shortfall when there is one.
 */
export function OrderPriceSummary({
  stats,
  pricePerDevice,
  covered,
  price,
  balance,
  missing,
  placing,
}: {
  /** The order's lines: its valid ones are the devices priced. */
  stats: LineStats;
  /** Hundredths of a point, as the total, the balance and the shortfall. */
  pricePerDevice: number;
  /** Devices paid with unused package checks. */
  covered: number;
  price: number;
  balance: number;
  missing: number;
  placing: boolean;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <div aria-live="polite">
          <Text size="sm" c="dimmed">
            <Trans>
              <Plural value={stats.valid.length} one="# device" other="# devices" /> ×{' '}
              {formatHundredths(pricePerDevice)} points
            </Trans>
          </Text>
          {covered > 0 && (
            <Text size="sm" c="dimmed" data-testid="order-package-cover">
              <Trans>{covered} of them paid with unused package checks</Trans>
            </Text>
          )}
          <Text fw={700} size="lg">
            <Trans>
              Price: <span data-testid="order-price-total">{formatHundredths(price)}</span> points
            </Trans>
            {' · '}
            <Trans>
              Balance: <span data-testid="order-balance">{formatHundredths(balance)}</span> points
            </Trans>
          </Text>
        </div>
        <Button type="submit" loading={placing} size="md">
          <Trans>Place order</Trans>
        </Button>
      </Group>
      {missing > 0 && (
        <Alert color="red" data-testid="balance-short">
          <Trans>
            Not enough points: this order needs {formatHundredths(price)}, the balance is{' '}
            {formatHundredths(balance)} ({formatHundredths(missing)} short). Recharge or check fewer devices
            or services.
          </Trans>
        </Alert>
      )}
    </>
  );
}
