import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerRow } from '#contract/schemas/counter-customers.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { notify } from '#src/ui/notify.ts';
import { useMergeCustomers } from '../api/customers-api.ts';
import type { PickedCustomer } from '../model/customer-summary.ts';
import { CustomerPicker } from './CustomerPicker.tsx';

interface CustomerMergePanelProps {
  /** The customer whose page this is: the one kept. */
  keep: CustomerRow;
  /** A duplicate found by the page (a phone typed that another customer has), offered first. */
  suggested: PickedCustomer | null;
}

/**
 * Merge a duplicate into this customer: pick the other one, confirm, and their phones, tickets,
 * devices and messages move here (customerMerge). The other record then opens this one.
 */
export function CustomerMergePanel({ keep, suggested }: CustomerMergePanelProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<PickedCustomer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeCustomers();
  const requestIds = useRequestId();
  const other = picked ?? suggested;

  async function confirm() {
    if (!other) return;
    const body = { keep_id: keep.id, merge_id: other.id };
    try {
      await merge.mutateAsync({ ...body, request_id: requestIds.idFor(body) });
      requestIds.done();
      setConfirming(false);
      setPicked(null);
      notify('success', t`${other.name} was merged into ${keep.name}`);
      void navigate({ to: '/app/customers/detail', search: { id: keep.id } });
    } catch (err) {
      setError(actionErrorText(err) ?? t`The customers could not be merged`);
    }
  }

  return (
    <Stack gap="xs" data-testid="customer-merge">
      <Text size="sm" c="dimmed">
        <Trans>
          The same person saved twice? Pick the other record: its phones, tickets, devices and messages move
          to this customer.
        </Trans>
      </Text>
      <CustomerPicker
        label={t`Duplicate to merge into this customer`}
        allowNew={false}
        value={other}
        onChange={(c) => setPicked(c && c.id === keep.id ? null : c)}
      />
      <Group>
        <Button
          variant="light"
          color="orange"
          disabled={!other}
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
          data-testid="customer-merge-start"
        >
          <Trans>Merge…</Trans>
        </Button>
      </Group>
      <Modal
        opened={confirming && other !== null}
        onClose={() => setConfirming(false)}
        title={t`Merge customers`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack>
          <Text data-testid="customer-merge-question">
            <Trans>
              Merge {other?.name} into {keep.name}? Everything of {other?.name} moves to {keep.name}; this
              cannot be undone.
            </Trans>
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="orange"
              loading={merge.isPending}
              onClick={() => void confirm()}
              data-testid="customer-merge-confirm"
            >
              <Trans>Merge</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
