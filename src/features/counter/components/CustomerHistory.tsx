import { Anchor, Stack, Table } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { CustomerDevicesTable } from './CustomerDevicesTable.tsx';
import { CustomerHistorySection } from './CustomerHistorySection.tsx';
import { CustomerPaymentsTable } from './CustomerPaymentsTable.tsx';
import { CustomerTicketsTable } from './CustomerTicketsTable.tsx';

/** A customer's devices, tickets, checks, messages and money, each newest first as the server sends them. */
export function CustomerHistory({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  return (
    <Stack>
      <CustomerHistorySection
        title={t`Tickets`}
        testId="customer-tickets"
        empty={detail.tickets.length === 0}
      >
        <CustomerTicketsTable tickets={detail.tickets} />
      </CustomerHistorySection>
      <CustomerHistorySection
        title={t({ message: 'Devices', context: 'the heading of a list of devices' })}
        testId="customer-devices"
        empty={detail.devices.length === 0}
      >
        <CustomerDevicesTable devices={detail.devices} />
      </CustomerHistorySection>
      <CustomerHistorySection
        title={t`Checks of their devices`}
        testId="customer-checks"
        empty={detail.checks.length === 0}
      >
        <Table striped>
          <Table.Tbody>
            {detail.checks.map((check) => (
              <Table.Tr key={`${check.order_id}-${check.ident}`} data-testid="customer-check">
                <Table.Td>
                  <Anchor
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/app/quiry/managementDetail"
                        search={{ order_id: check.order_id }}
                      />
                    )}
                  >
                    {check.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Ltr>{check.ident}</Ltr>
                </Table.Td>
                <Table.Td>{formatDateTime(check.created_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </CustomerHistorySection>
      <CustomerHistorySection
        title={t`Messages sent`}
        testId="customer-messages"
        empty={detail.messages.length === 0}
      >
        <Table striped>
          <Table.Tbody>
            {detail.messages.map((message) => (
              <Table.Tr key={message.id} data-testid="customer-message">
                <Table.Td>{formatDateTime(message.created_at)}</Table.Td>
                <Table.Td>{message.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </CustomerHistorySection>
      <CustomerHistorySection
        title={t`Money paid`}
        testId="customer-payments"
        empty={detail.payments.length === 0}
      >
        <CustomerPaymentsTable payments={detail.payments} />
      </CustomerHistorySection>
    </Stack>
  );
}
