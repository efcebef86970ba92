import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REPAIR_REFRESH_PRICE } from '#contract/values/repairs.ts';
import { formatHundredths } from '#src/lib/amount.ts';

/**
 * "Refresh status" is paid (REPAIR_REFRESH_PRICE points a device): the button says what it costs and
 * a click first asks, with the price, before anything is frozen (issue 27; check orders and package
 * purchases show their price before the click too). `onConfirm` runs only after the confirmation.
 */
export function RefreshButton({
  count,
  loading,
  onConfirm,
  testId,
  ...button
}: {
  count: number;
  loading: boolean;
  onConfirm(): void;
  testId: string;
} & Pick<ButtonProps, 'size' | 'variant'>) {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  const each = formatHundredths(REPAIR_REFRESH_PRICE);
  const total = formatHundredths(count * REPAIR_REFRESH_PRICE);
  return (
    <>
      <Button
        {...button}
        disabled={count === 0}
        loading={loading}
        onClick={() => setAsking(true)}
        data-testid={testId}
        title={t`${each} points a device`}
      >
        <Trans>Refresh status ({total} points)</Trans>
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t`Refresh status`} centered>
        <Stack data-testid="refresh-confirm">
          <Text>
            <Trans>
              Ask the repair service again about <Plural value={count} one="# device" other="# devices" /> for{' '}
              {total} points ({each} points a device)?
            </Trans>
          </Text>
          <Text size="sm" c="dimmed">
            <Trans>
              The points are held now and charged for each device answered; a device that cannot be answered
              is refunded, and one already refreshing is not charged again.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              data-testid="refresh-confirm-ok"
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              <Trans>Refresh for {total} points</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
