import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { parseIdentifier } from '#contract/identifiers/parse.ts';
import type { OrderRow, OrderWriteDatas } from '#contract/schemas/checks-orders.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { useAddDevices } from '../api/orders-api.ts';
import { useRequestId } from '#src/lib/use-request-id.ts';
import { computeLineStats } from '../model/line-stats.ts';
import { useLineStats } from '../model/use-line-stats.ts';
import { PasteBox } from './PasteBox.tsx';
import { ServerRejects } from './ServerRejects.tsx';

/** The normalised identifiers already in the order: a line matching one is an 'order' duplicate. */
export function orderIdentifiers(devices: readonly DeviceResultRow[]): ReadonlySet<string> {
  const values = new Set<string>();
  for (const d of devices) {
    const parsed = parseIdentifier(d.input);
    if (parsed.ok) values.add(parsed.value);
    if (d.sn) values.add(d.sn.toUpperCase());
    if (d.imei) values.add(d.imei);
  }
  return values;
}

interface AddDevicesModalProps {
  order: OrderRow;
  devices: readonly DeviceResultRow[];
  opened: boolean;
  onClose(): void;
  onAdded(datas: OrderWriteDatas): void;
}

/** More devices for an order: the same paste box, checked against the order's devices too. */
export function AddDevicesModal({ order, devices, opened, onClose, onAdded }: AddDevicesModalProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Add devices to “${order.title}”`} size="xl">
      {opened && <AddDevicesForm order={order} devices={devices} onClose={onClose} onAdded={onAdded} />}
    </Modal>
  );
}

function AddDevicesForm({ order, devices, onClose, onAdded }: Omit<AddDevicesModalProps, 'opened'>) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const existing = useMemo(() => orderIdentifiers(devices), [devices]);
  const { stats, pending } = useLineStats(text, existing);
  const [error, setError] = useState<string | undefined>();
  const [answer, setAnswer] = useState<OrderWriteDatas | null>(null);
  const add = useAddDevices();
  const requestId = useRequestId();
  // The order's price per device as placed; the server prices the new devices the same way.
  const perDevice = order.devices > 0 ? Math.round(order.price / order.devices) : 0;

  const submit = async () => {
    const current = await computeLineStats(text, { existing });
    if (current.tooMany) return setError(t`Too many lines for one order`);
    if (current.valid.length === 0) return setError(t`Add at least one valid SN or IMEI`);
    setError(undefined);
    const addition = { order_id: order.id, identifiers: current.valid.map((v) => v.raw) };
    add.mutate(
      // The same addition sent again after a lost answer reuses its id: added (and paid) once.
      { ...addition, request_id: requestId.idFor(addition) },
      {
        onSuccess: (datas) => {
          requestId.done();
          onAdded(datas);
          if (datas.rejected.length > 0 || datas.duplicates.length > 0) setAnswer(datas);
          else onClose();
        },
      },
    );
  };

  if (answer) {
    return (
      <Stack>
        <Text>
          <Plural
            value={answer.added}
            one="# device was added. The server did not take these lines:"
            other="# devices were added. The server did not take these lines:"
          />
        </Text>
        <ServerRejects answer={answer} />
        <Button onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Stack>
    );
  }

  return (
    <Stack data-testid="add-devices-form">
      <PasteBox text={text} onTextChange={setText} stats={stats} pending={pending} error={error} />
      <Group justify="space-between">
        <Text fw={600}>
          <Trans>
            About {formatHundredths(stats.valid.length * perDevice)} points (
            <Plural value={stats.valid.length} one="# device" other="# devices" /> ×{' '}
            {formatHundredths(perDevice)})
          </Trans>
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={add.isPending} onClick={() => void submit()}>
            <Trans>Add devices</Trans>
          </Button>
        </Group>
      </Group>
      {add.isError && (
        <Alert color="red">
          <Trans>The devices were not added.</Trans>
        </Alert>
      )}
    </Stack>
  );
}
