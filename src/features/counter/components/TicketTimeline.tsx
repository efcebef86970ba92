import { Stack, Text, Timeline, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketStatus } from '#contract/counter/workflow.ts';
import type { TicketDetail } from '#contract/schemas/counter-tickets.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { moneyEventOf, newestFirst, quoteAnswerOf, yuan } from '../ticket-model.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { MONEY_KIND_WORDS } from '../model/counter-words.ts';

/** The ticket's history in words, newest first: status changes, quote lines and answers, money. */
export function TicketTimeline({
  ticket,
  nameOf,
}: {
  ticket: TicketDetail;
  nameOf(userId: number | null): string;
}) {
  const { t, i18n } = useLingui();
  const status = (s: string | null) =>
    s && s in TICKET_STATUS_WORDS ? i18n._(TICKET_STATUS_WORDS[s as TicketStatus]) : '';

  function text(e: TicketDetail['events'][number]): { title: string; note: string } {
    if (e.kind === 'status') {
      if (e.from_status === null) return { title: t`Ticket opened`, note: e.note };
      const from = status(e.from_status);
      const to = status(e.to_status);
      return { title: t`${from} → ${to}`, note: e.note };
    }
    if (e.kind === 'quote') {
      const answer = quoteAnswerOf(e.note);
      if (answer)
        return {
          title: t`Customer answered the quote: ${answer.approved} approved, ${answer.declined} declined`,
          note: '',
        };
      return { title: t`Quote line added`, note: e.note };
    }
    if (e.kind === 'money') {
      const m = moneyEventOf(e.note);
      if (m)
        return {
          title: `${i18n._(MONEY_KIND_WORDS[m.kind])} ${m.kind === 'void' ? '' : yuan(m.fen)}`.trim(),
          note: '',
        };
      return { title: t`Money recorded`, note: '' };
    }
    return { title: t`Note`, note: e.note };
  }

  return (
    <Stack gap="xs" data-testid="ticket-timeline">
      <Title order={4}>
        <Trans context="a ticket's timeline of events">History</Trans>
      </Title>
      <Timeline bulletSize={12} lineWidth={2}>
        {newestFirst(ticket.events).map((e) => {
          const { title, note } = text(e);
          const who = nameOf(e.by_user);
          return (
            <Timeline.Item key={e.id} title={title} data-testid="ticket-event">
              {note && <Text size="sm">{note}</Text>}
              <Text size="xs" c="dimmed">
                {formatDateTime(e.at, 'YYYY-MM-DD HH:mm')}
                {who ? ` · ${who}` : ''}
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Stack>
  );
}
