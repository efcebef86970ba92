import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ComboRow } from '#contract/schemas/wallet.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { notify } from '#src/ui/notify.ts';
import { useBuyPackage } from '../api/wallet-api.ts';
import { packageName } from '../model/package-names.ts';

/**
 * Confirms a purchase, then buys. The request_id stays the same while the same package is confirmed
 * again (the answer was lost and the user presses once more), so the server charges once.
 */
export function BuyPackageModal({
  combo,
  balance,
  onClose,
}: {
  combo: ComboRow | null;
  balance: number | undefined;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const buy = useBuyPackage();
  const requestId = useRequestId();
  const confirm = () => {
    if (!combo) return;
    const body = { combo_id: combo.id };
    buy.mutate(
      { ...body, request_id: requestId.idFor(body) },
      {
        onSuccess: (datas) => {
          requestId.done();
          notify('success', t`Bought. Points left: ${formatHundredths(datas.integral)}`, 4000);
          onClose();
        },
      },
    );
  };
  const after = combo && balance !== undefined ? formatHundredths(balance - combo.points) : null;
  return (
    <Modal opened={combo !== null} onClose={onClose} title={t`Buy a package`} centered>
      {combo && (
        <Stack data-testid="buy-confirm">
          <Text>
            <Trans>
              Buy “{packageName(i18n.locale, combo)}” for {formatHundredths(combo.points)} points?
            </Trans>
          </Text>
          {after !== null && (
            <Text size="sm" c="dimmed">
              <Trans>Points after the purchase: {after}</Trans>
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={confirm} loading={buy.isPending}>
              <Trans>Confirm purchase</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
