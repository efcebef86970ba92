import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import type { ticketListRow } from '#contract/schemas/counter-tickets.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { clickHasOwnTarget } from '#src/ui/row-click.ts';
import { isOverdue, yuan } from '../ticket-model.ts';
import { TICKET_STATUS_COLORS } from '../ticket-words.ts';

/** A ticket of the list; a click anywhere on the row (but on its own controls) opens it. */
export function TicketRow({
  ticket: r,
  technician,
  tablet,
  now,
  onOpen,
}: {
  ticket: z.infer<typeof ticketListRow>;
  /** The technician's name, empty when none or unknown. */
  technician: string;
  /** A tablet: no technician column, the money on two lines (TicketTable.tsx). */
  tablet: boolean;
  /** Unix seconds the list was read at: overdue as of then (render stays pure). */
  now: number;
  onOpen(id: number): void;
}) {
  const { t, i18n } = useLingui();
  const overdue = isOverdue(r.status, r.promised_at, now);
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={(e) => {
        if (!clickHasOwnTarget(e.target)) onOpen(r.id);
      }}
      data-testid="ticket-row"
    >
      <Table.Td>
        <Button variant="subtle" size="compact-sm" px={tablet ? 4 : undefined} onClick={() => onOpen(r.id)}>
          {r.no_text}
        </Button>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.customer_name}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {r.devices.join(', ')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={TICKET_STATUS_COLORS[r.status]} data-testid="ticket-status">
          {i18n._(TICKET_STATUS_WORDS[r.status])}
        </Badge>
      </Table.Td>
      {!tablet && <Table.Td style={{ whiteSpace: 'nowrap' }}>{technician}</Table.Td>}
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(r.promised_at, 'YYYY-MM-DD')}
          </Text>
          {overdue && (
            <Badge color="red.9" size="sm" data-testid="ticket-overdue">
              {t`Overdue`}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {tablet ? (
          <>
            <Text size="sm">{yuan(r.due_fen)}</Text>
            <Text size="xs" c="dimmed">
              {yuan(r.held_fen)}
            </Text>
          </>
        ) : (
          `${yuan(r.due_fen)} / ${yuan(r.held_fen)}`
        )}
      </Table.Td>
    </Table.Tr>
  );
}
