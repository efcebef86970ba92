import { Badge, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CustomerDetail } from '#contract/schemas/counter-customers.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { MESSAGE_KIND_LABELS, MESSAGE_RESULT_LABELS, MESSAGE_STATE_LABELS } from '../message-labels.ts';

type Message = CustomerDetail['messages'][number];

const STATE_COLORS: Record<string, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  skipped: 'gray',
};

/**
 * The messages sent to a customer (on the ticket's or the customer's page, decision 0050): when,
 * which status change, the text, and its delivery with the reason in words, never a raw code.
 */
export function MessageLog({ messages }: { messages: readonly Message[] }) {
  const { t, i18n } = useLingui();
  if (messages.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No messages sent yet.</Trans>
      </Text>
    );
  const label = (labels: Record<string, { id: string }>, key: string) => {
    const descriptor = labels[key];
    return descriptor ? i18n._(descriptor) : t`Other`;
  };
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table data-testid="message-log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Time`}</Table.Th>
            <Table.Th>{t`Message`}</Table.Th>
            <Table.Th>{t`Delivery`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <Table.Tr key={m.id} data-testid={`message-${m.id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(m.sent_at ?? m.created_at)}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {label(MESSAGE_KIND_LABELS, m.trigger)}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {m.text}
                  </Text>
                </Stack>
              </Table.Td>
              {/* Wide enough for the state's word: a narrow tablet column cut it to "已…". */}
              <Table.Td style={{ minWidth: 112 }}>
                <Stack gap={2}>
                  {/* Filled: the theme gives every filled color readable text (src/ui/theme.ts); the
                      light variants of these colors fell under 4.5:1 (axe, the ticket page). */}
                  <Badge color={STATE_COLORS[m.state] ?? 'gray'} variant="filled">
                    {label(MESSAGE_STATE_LABELS, m.state)}
                  </Badge>
                  {m.result && (
                    <Text size="xs" c="dimmed">
                      {label(MESSAGE_RESULT_LABELS, m.result)}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
