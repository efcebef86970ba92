import { Anchor, Table } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { ticketHref } from './customer-history-words.ts';

/** A customer's devices and where each is: its repair's progress, else its ticket. */
export function CustomerDevicesTable({ devices }: { devices: CustomerDetail['devices'] }) {
  const { t } = useLingui();
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`SN / IMEI`}</Table.Th>
          <Table.Th>{t`Model`}</Table.Th>
          <Table.Th>{t`Where`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {devices.map((device) => (
          <Table.Tr
            key={`${device.ident}-${device.ticket_id}-${device.repair_device_id}`}
            data-testid="customer-device"
          >
            <Table.Td>
              <Ltr>{device.ident}</Ltr>
            </Table.Td>
            <Table.Td>{device.model ?? '—'}</Table.Td>
            <Table.Td>
              {device.repair_device_id !== null ? (
                <Anchor
                  renderRoot={(props) => (
                    <Link
                      {...props}
                      to="/app/maintenance/orderDetail"
                      search={{ device_id: device.repair_device_id! }}
                    />
                  )}
                >
                  {t`Repair progress`}
                </Anchor>
              ) : device.ticket_id !== null ? (
                <Anchor href={ticketHref(device.ticket_id)}>{t`Ticket`}</Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
