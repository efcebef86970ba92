import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONDITION_PARTS } from '#contract/values/counter-tickets.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { CONDITION_PART_WORDS, CONDITION_STATE_WORDS } from '../model/counter-words.ts';

// Repair progress management's page of a tracked device, by URL (not by importing the feature).
const trackedHref = (id: number) => `#/app/maintenance/orderDetail?device_id=${id}`;

/** What was taken in: the devices (and their tracked Apple repairs), the fault, the condition, who and until when. */
export function TicketDevicesPanel({
  ticket,
  nameOf,
}: {
  ticket: TicketDetail;
  nameOf(id: number | null): string;
}) {
  const { t, i18n } = useLingui();
  const c = ticket.condition;
  const tracked = ticket.devices.filter((d) => d.repair_device_id !== null);
  return (
    <Stack gap={6}>
      <Title order={4}>
        <Trans>Devices and fault</Trans>
      </Title>
      {ticket.devices.map((d) => (
        <Group key={d.id} gap="xs" data-testid="ticket-device-row">
          <Text fw={500} style={{ fontFamily: 'monospace' }}>
            {d.imei ?? d.sn ?? d.ident}
          </Text>
          {d.model && <Text c="dimmed">{d.model}</Text>}
          {d.repair_device_id !== null && (
            <Anchor href={trackedHref(d.repair_device_id)} data-testid="ticket-tracked-link">
              <Trans>Tracked Apple repair</Trans>
            </Anchor>
          )}
        </Group>
      ))}
      {ticket.status === 'sent_to_apple' && tracked.length === 0 && (
        <Text size="sm" c="dimmed">
          <Trans>Not linked to a tracked device yet.</Trans>
        </Text>
      )}
      <Text>
        <Trans>Fault as told:</Trans> {ticket.fault}
      </Text>
      <Text size="sm" data-testid="ticket-condition">
        {CONDITION_PARTS.map(
          (p) => `${i18n._(CONDITION_PART_WORDS[p])}: ${i18n._(CONDITION_STATE_WORDS[c[p]])}`,
        ).join(' · ')}
      </Text>
      <Text size="sm">
        {c.accessories ? t`Accessories left: ${c.accessories}` : t`No accessories left`} ·{' '}
        {c.passcode_given ? t`Passcode given` : t`No passcode given`}
      </Text>
      <Text size="sm" c="dimmed">
        {[
          ticket.technician_id !== null
            ? t`Technician: ${nameOf(ticket.technician_id)}`
            : t`No technician yet`,
          ticket.promised_at !== null
            ? t`Promised for ${formatDateTime(ticket.promised_at, 'YYYY-MM-DD')}`
            : t`No promised date`,
          t`Warranty ${plural(ticket.warranty_days, { one: '# day', other: '# days' })}`,
        ].join(' · ')}
      </Text>
      {ticket.warranty_of !== null && (
        <Anchor
          href={`#/app/tickets/detail?id=${ticket.warranty_of}`}
          size="sm"
          data-testid="ticket-warranty-of"
        >
          <Trans>Warranty return of an earlier ticket</Trans>
        </Anchor>
      )}
    </Stack>
  );
}
