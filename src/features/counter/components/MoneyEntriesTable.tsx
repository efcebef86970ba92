import { Badge, Button, Table } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { yuan } from '../ticket-model.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';

/**
 * The ticket's money entries, oldest first; an entry a void cancelled says so, and an Admin may void
 * a deposit or payment still standing.
 */
export function MoneyEntriesTable({
  payments,
  admin,
  onVoid,
}: {
  payments: TicketDetail['payments'];
  admin: boolean;
  onVoid(paymentId: number): void;
}) {
  const { t, i18n } = useLingui();
  const voided = new Set(payments.filter((p) => p.kind === 'void').map((p) => p.voids));
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table data-testid="money-entries">
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDateTime(p.at, 'YYYY-MM-DD HH:mm')}</Table.Td>
              <Table.Td>
                {i18n._(MONEY_KIND_WORDS[p.kind])}
                {voided.has(p.id) && (
                  <Badge ml={4} color="gray.8" size="sm">
                    {t`Voided`}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{p.kind === 'void' ? '' : i18n._(PAYMENT_METHOD_WORDS[p.method])}</Table.Td>
              <Table.Td ta="right">{yuan(p.amount_fen)}</Table.Td>
              <Table.Td>{p.note}</Table.Td>
              <Table.Td>
                {admin && (p.kind === 'deposit' || p.kind === 'payment') && !voided.has(p.id) && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onVoid(p.id)}
                    data-testid="money-void"
                  >
                    <Trans>Void</Trans>
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
