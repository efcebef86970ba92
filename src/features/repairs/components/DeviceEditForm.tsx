import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTE_MAX,
  REPAIR_ID_RE,
  TRACKING_MAX,
} from '#contract/values/repairs.ts';
import type { RepairDeviceRow } from '#contract/schemas/repairs.ts';
import { invalidFields } from '#src/lib/api/errors.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { isQueued } from '#src/lib/offline/outbox.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { notify } from '#src/ui/notify.ts';
import { useEditDevice } from '../api/repairs-api.ts';

/** What the shop changes by hand; made offline, it waits in the outbox and is sent once. */
export function DeviceEditForm({ device, onDone }: { device: RepairDeviceRow; onDone(): void }) {
  const { t } = useLingui();
  const [values, setValues] = useState({
    repair_ids: device.repair_ids.join(' '),
    customer_name: device.customer_name,
    customer_phone: device.customer_phone,
    customer_note: device.customer_note,
    courier_in: device.courier_in,
    return_tracking: device.return_tracking,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const edit = useEditDevice();
  const requestIds = useRequestId();
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((old) => ({ ...old, [key]: value }));
    },
    error: errors[key],
  });

  async function save() {
    const ids = values.repair_ids
      .split(/[\s,;，]+/)
      .filter(Boolean)
      .map((s) => s.toUpperCase());
    const bad = ids.find((id) => !REPAIR_ID_RE.test(id));
    if (bad) {
      setErrors({ repair_ids: t`${bad} is not a repair id: one of A, G, R, D, N and 9 digits` });
      return;
    }
    setErrors({});
    setFormError(null);
    const body = { device_id: device.id, ...values, repair_ids: ids };
    try {
      const answer = await edit.mutateAsync({ ...body, request_id: requestIds.idFor(body) });
      requestIds.done();
      if (!isQueued(answer)) notify('success', t`Saved`);
      onDone();
    } catch (err) {
      setErrors(invalidFields(err));
      setFormError(actionErrorText(err));
    }
  }

  return (
    <Paper withBorder p="md" data-testid="device-edit">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TextInput
          label={t`Repair ids`}
          description={t`Separated by spaces; the last one is followed`}
          {...field('repair_ids')}
          data-testid="edit-repair-ids"
        />
        <TextInput
          label={t`Customer name`}
          maxLength={CUSTOMER_NAME_MAX}
          {...field('customer_name')}
          data-testid="edit-customer-name"
        />
        <TextInput
          label={t`Customer phone`}
          maxLength={20}
          {...field('customer_phone')}
          data-testid="edit-customer-phone"
        />
        <TextInput label={t`Courier number`} maxLength={TRACKING_MAX} {...field('courier_in')} />
        <TextInput label={t`Return tracking`} maxLength={TRACKING_MAX} {...field('return_tracking')} />
        <Textarea label={t`Note`} maxLength={CUSTOMER_NOTE_MAX} rows={2} {...field('customer_note')} />
      </SimpleGrid>
      {formError && (
        <Alert color="red" role="alert" mt="sm">
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button onClick={() => void save()} loading={edit.isPending} data-testid="edit-save">
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
