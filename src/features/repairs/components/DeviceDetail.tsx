import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QRCodeSVG } from 'qrcode.react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepairDeviceRow, RepairEventRow } from '#contract/schemas/repairs.ts';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import {
  deviceDetailQuery,
  repairSettingsQuery,
  useCustomerLink,
  useRefresh,
  useRevokeLink,
  useWatch,
} from '../api/repairs-api.ts';
import { BADGE_LABELS, RETURN_LOGISTICS_LABELS, identOf, statusOf } from '../model.ts';
import { DeviceEditForm } from './DeviceEditForm.tsx';
import { EventText } from './EventText.tsx';
import { PrintLabel, type PaperSize } from './PrintLabel.tsx';
import { RepairsConnectionNotice } from './RepairsConnectionNotice.tsx';

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
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const watch = useWatch(!device.watched);
  const refresh = useRefresh();
  const link = useCustomerLink();
  const revoke = useRevokeLink();
  const ident = identOf(device);
  const status = statusOf(device);

  async function act(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(
        err instanceof ApiError ? localizedErrorMessage(err.errcode, err.message, err.datas) : String(err),
      );
    }
  }
  const makeLink = () =>
    act(async () => {
      const answer = await link.mutateAsync(device.id);
      setLinkUrl(new URL(answer.url_path, window.location.origin).href);
    });

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
          <Button
            variant="default"
            onClick={() => void act(() => refresh.mutateAsync({ device_ids: [device.id] }))}
            loading={refresh.isPending}
            data-testid="detail-refresh"
          >
            <Trans>Refresh status</Trans>
          </Button>
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
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">
            <Trans>Status</Trans>
          </Title>
          <Text data-testid="detail-status">{status ? i18n._(status) : t`Not refreshed yet`}</Text>
          {device.progress === 'quote_pending' && device.quote_deadline !== null && (
            <Text size="sm" c="orange">
              <Trans>
                Quote {formatHundredths(device.quote_amount ?? 0)}, pay by{' '}
                {formatDateTime(device.quote_deadline)}
              </Trans>
            </Text>
          )}
          <Text size="sm" c="dimmed">
            <Trans>Last refreshed {formatDateTime(device.refreshed_at) || '—'}</Trans>
          </Text>
          {device.refresh_error && (
            <Text size="sm" c="red">
              {device.refresh_error}
            </Text>
          )}
          <Text size="sm">
            {t`Repair ids`}: {device.repair_ids.join(', ') || '—'}
          </Text>
          {(device.new_sn || device.new_imei) && (
            <Text size="sm">
              <Trans>Replacement unit: {[device.new_sn, device.new_imei].filter(Boolean).join(' / ')}</Trans>
            </Text>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">
            <Trans>Customer</Trans>
          </Title>
          <Text data-testid="detail-customer">{device.customer_name || '—'}</Text>
          <Text size="sm">{device.customer_phone}</Text>
          <Text size="sm" c="dimmed">
            {device.customer_note}
          </Text>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="xs">
            <Trans>Logistics</Trans>
          </Title>
          <Badge variant="light">{i18n._(BADGE_LABELS[device.badge])}</Badge>
          <Text size="sm">
            {t`Courier number`}: {device.courier_in || '—'}
          </Text>
          <Text size="sm">
            {t`Return tracking`}: {device.return_tracking || '—'}
            {device.return_logistics && ` (${i18n._(RETURN_LOGISTICS_LABELS[device.return_logistics])})`}
          </Text>
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            <Trans>Progress timeline</Trans>
          </Title>
          <Timeline bulletSize={14} lineWidth={2} data-testid="detail-timeline">
            {events.map((e) => (
              <Timeline.Item
                key={e.id}
                title={<EventText event={e} />}
                data-testid="timeline-event"
                data-kind={e.kind}
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)}
                  {e.actor_name ? ` · ${e.actor_name}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            <Trans>Customer link</Trans>
          </Title>
          {linkUrl ? (
            <Stack align="flex-start" data-testid="customer-link">
              <QRCodeSVG value={linkUrl} size={160} title={t`Customer status link of ${ident}`} />
              <Anchor href={linkUrl} target="_blank" rel="noreferrer" data-testid="customer-link-url">
                {linkUrl}
              </Anchor>
              <CopyButton value={linkUrl}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t`Copied` : t`Copy link`}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {device.link_active
                ? t`A link is active. Its address is shown only when it is made: make a new one to show it again (the old one stops).`
                : t`No link yet.`}
            </Text>
          )}
          <Group mt="sm">
            <Button
              size="xs"
              onClick={() => void makeLink()}
              loading={link.isPending}
              data-testid="make-link"
            >
              {device.link_active ? t`Make a new link` : t`Make a customer link`}
            </Button>
            {device.link_active && (
              <Button
                size="xs"
                color="red"
                variant="light"
                loading={revoke.isPending}
                onClick={() =>
                  void act(async () => {
                    await revoke.mutateAsync(device.id);
                    setLinkUrl(null);
                  })
                }
                data-testid="revoke-link"
              >
                <Trans>Revoke link</Trans>
              </Button>
            )}
          </Group>
          <Title order={3} size="h4" mt="lg" mb="sm">
            <Trans>Intake label</Trans>
          </Title>
          <Group>
            <SegmentedControl
              value={paper}
              onChange={(v) => setPaper(v as PaperSize)}
              data={[
                { value: 'a4', label: t`A4 receipt` },
                { value: 'thermal', label: t`80 mm label` },
              ]}
              aria-label={t`Paper`}
              data-testid="paper-size"
            />
            <Button
              size="xs"
              variant="default"
              onClick={() => window.print()}
              data-testid="print-label-button"
            >
              <Trans>Print</Trans>
            </Button>
          </Group>
        </Paper>
      </SimpleGrid>
      <PrintLabel device={device} shop={shop} paper={paper} linkUrl={linkUrl} />
    </Stack>
  );
}
