import { useState } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepairDeviceRow, RepairEventRow } from '#contract/schemas/repairs.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { actionErrorText, localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { deviceDetailQuery, repairSettingsQuery, useRefresh, useWatch } from '../api/repairs-api.ts';
import { identOf } from '../model.ts';
import { CustomerLinkPanel } from './CustomerLinkPanel.tsx';
import { DeviceEditForm } from './DeviceEditForm.tsx';
import { DeviceFacts } from './DeviceFacts.tsx';
import { DeviceTimeline } from './DeviceTimeline.tsx';
import { PrintLabel, type PaperSize } from './PrintLabel.tsx';
import { RepairsConnectionNotice } from './RepairsConnectionNotice.tsx';
import { RefreshButton } from './RefreshButton.tsx';

/** One tracked device: status, timeline, customer, logistics, edit, watch, customer link, label. */
export function DeviceDetail({ deviceId }: { deviceId: number | undefined }) {
  if (!deviceId) {
    return (
      <Alert color="orange" role="alert">
        <Trans>No device was given: open one from the repair list.</Trans>
      </Alert>
    );
  }
  return <DeviceDetailOf deviceId={deviceId} />;
}

function DeviceDetailOf({ deviceId }: { deviceId: number }) {
  const { t } = useLingui();
  const detail = useQuery(deviceDetailQuery(deviceId));
  const settings = useQuery(repairSettingsQuery());
  if (detail.isError && !detail.data) {
    const err = detail.error;
    return (
      <Alert color="red" role="alert">
        {err instanceof ApiError
          ? localizedErrorMessage(err.errcode, err.message, err.datas)
          : t`The device could not be loaded.`}
      </Alert>
    );
  }
  if (!detail.data) return <Text>{t`Loading…`}</Text>;
  return (
    <Stack>
      <DataAsOf query={detail} />
      <DeviceView device={detail.data.device} events={detail.data.events} shop={settings.data} />
    </Stack>
  );
}

function DeviceView({
  device,
  events,
  shop,
}: {
  device: RepairDeviceRow;
  events: RepairEventRow[];
  shop: Parameters<typeof PrintLabel>[0]['shop'];
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const watch = useWatch(!device.watched);
  const refresh = useRefresh();
  const ident = identOf(device);

  async function act(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(actionErrorText(err));
    }
  }

  return (
    <Stack data-testid="device-detail" data-device-id={device.id}>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>
            Device {ident} (No. {device.no})
          </Trans>
        </Title>
        <Group>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/app/maintenance/history" search={{ q: ident }} />}
          >
            <Trans>Device history</Trans>
          </Anchor>
          <RefreshButton
            variant="default"
            count={1}
            onConfirm={() => void act(() => refresh.mutateAsync({ device_ids: [device.id] }))}
            loading={refresh.isPending}
            testId="detail-refresh"
          />
          <Button
            variant={device.watched ? 'default' : 'filled'}
            onClick={() => void act(() => watch.mutateAsync({ device_ids: [device.id] }))}
            loading={watch.isPending}
            data-testid="detail-watch"
            data-watched={device.watched}
          >
            {device.watched ? t`Stop watching` : t`Watch`}
          </Button>
          <Button variant="default" onClick={() => setEditing((v) => !v)} data-testid="detail-edit">
            {editing ? t`Close editing` : t`Edit`}
          </Button>
        </Group>
      </Group>
      <RepairsConnectionNotice />
      {device.sandbox && (
        <Alert color="yellow">
          <Trans>This status comes from the sandbox provider: demo data, not Apple's.</Trans>
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="detail-error">
          {error}
        </Alert>
      )}
      {editing && <DeviceEditForm device={device} onDone={() => setEditing(false)} />}
      <DeviceFacts device={device} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DeviceTimeline events={events} />
        <CustomerLinkPanel
          device={device}
          ident={ident}
          linkUrl={linkUrl}
          onLinkUrl={setLinkUrl}
          paper={paper}
          onPaper={setPaper}
          act={act}
        />
      </SimpleGrid>
      <PrintLabel device={device} shop={shop} paper={paper} linkUrl={linkUrl} />
    </Stack>
  );
}
