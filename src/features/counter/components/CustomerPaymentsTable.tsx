import { Anchor, Table } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';
import { yuan } from '../model/money-text.ts';
import { ticketHref, useWordOrDash } from './customer-history-words.ts';

/** The money a customer paid, each entry with its ticket; refunds and voids shown as money going back. */
export function CustomerPaymentsTable({ payments }: { payments: CustomerDetail['payments'] }) {
  const { t } = useLingui();
  const word = useWordOrDash();
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`When`}</Table.Th>
          <Table.Th>{t`Kind`}</Table.Th>
          <Table.Th>{t`Method`}</Table.Th>
          <Table.Th>{t`Amount`}</Table.Th>
          <Table.Th>{t`Ticket`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((payment) => (
          <Table.Tr key={payment.id} data-testid="customer-payment">
            <Table.Td>{formatDateTime(payment.at)}</Table.Td>
            <Table.Td>{word(MONEY_KIND_WORDS, payment.kind)}</Table.Td>
            <Table.Td>{word(PAYMENT_METHOD_WORDS, payment.method)}</Table.Td>
            <Table.Td>
              <Ltr>
                {yuan(
                  payment.kind === 'refund' || payment.kind === 'void'
                    ? -payment.amount_fen
                    : payment.amount_fen,
                )}
              </Ltr>
            </Table.Td>
            <Table.Td>
              <Anchor href={ticketHref(payment.ticket_id)}>#{payment.ticket_id}</Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
