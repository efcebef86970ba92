import { Anchor, Badge, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepairDeviceRow } from '#contract/schemas/repairs.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { BADGE_LABELS, RETURN_LOGISTICS_LABELS, statusOf } from '../model.ts';

/** A tracked device's status, customer and logistics, side by side on a wide screen. */
export function DeviceFacts({ device }: { device: RepairDeviceRow }) {
  const { t, i18n } = useLingui();
  const status = statusOf(device);
  const customerId = device.customer_id;
  return (
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
        {/* A device taken in for a counter customer opens their record (devices, tickets, messages). */}
        {/* typeof: a row a previous version cached offline has no customer_id at all. */}
        {typeof customerId === 'number' ? (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/app/customers/detail" search={{ id: customerId }} />}
            data-testid="detail-customer"
          >
            {device.customer_name || t`Customer record`}
          </Anchor>
        ) : (
          <Text data-testid="detail-customer">{device.customer_name || '—'}</Text>
        )}
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
  );
}
