import { Badge, Checkbox, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { yuan } from '../ticket-model.ts';
import { LINE_KIND_WORDS } from '../model/counter-words.ts';
import { LINE_STATE_LABELS } from '../ticket-words.ts';

const STATE_COLORS = { proposed: 'pink.9', approved: 'teal.9', declined: 'gray.8' } as const;

/** The quote's lines with their prices and answers; a line still proposed has the box the customer's yes ticks. */
export function QuoteLinesTable({
  lines,
  approved,
  onToggle,
}: {
  lines: TicketDetail['lines'];
  approved: ReadonlySet<number>;
  onToggle(lineId: number): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Approve`}</Table.Th>
            <Table.Th>{t`Line`}</Table.Th>
            <Table.Th ta="right">{t`Qty`}</Table.Th>
            <Table.Th ta="right">{t`Unit price`}</Table.Th>
            <Table.Th ta="right">{t`Total`}</Table.Th>
            <Table.Th>{t`Answer`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id} data-testid="quote-line">
              <Table.Td>
                {l.state === 'proposed' && (
                  <Checkbox
                    aria-label={t`The customer approves ${l.description}`}
                    checked={approved.has(l.id)}
                    onChange={() => onToggle(l.id)}
                    data-testid="quote-approve"
                  />
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {i18n._(LINE_KIND_WORDS[l.kind])}: {l.description}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{l.qty}</Table.Td>
              <Table.Td ta="right">{yuan(l.unit_fen)}</Table.Td>
              <Table.Td ta="right">{yuan(l.qty * l.unit_fen)}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[l.state]}>{i18n._(LINE_STATE_LABELS[l.state])}</Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
