import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CounterDay } from '#contract/schemas/counter-day.ts';
import { yuan } from '../model/money-text.ts';
import { actionErrorText } from '#src/lib/api/error-messages.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { PAYMENT_METHOD_WORDS } from '#src/lib/payment-method-words.ts';
import { TICKET_STATUS_WORDS } from '#src/lib/ticket-status-words.ts';
import { counterDayQuery } from './counter-day-api.ts';
import { PathLink } from './PathLink.tsx';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The day at the counter on the default dashboard (issue 26): today's intakes and collections, the
 * takings per payment method (in yuan, net of refunds and voids), open tickets per status and
 * technician, and the tickets past their promised date, each opening its ticket.
 */
export function CounterDayWidget() {
  const { t } = useLingui();
  const day = useQuery(counterDayQuery());
  if (day.isPending) return <Skeleton h={160} data-testid="counter-day-loading" />;
  if (!day.data)
    return (
      <Alert color="red" data-testid="counter-day-error">
        {actionErrorText(day.error) ?? t`The day at the counter could not be loaded`}
      </Alert>
    );
  return <CounterDayView day={day.data} />;
}

export function CounterDayView({ day }: { day: CounterDay }) {
  const { t, i18n } = useLingui();
  const takings = day.takings.map((x) => ({
    method: i18n._(PAYMENT_METHOD_WORDS[x.method]),
    yuan: x.net_fen / 100,
  }));
  return (
    <Stack gap="sm" component="section" aria-label={t`The day at the counter`} data-testid="counter-day">
      <Title order={3} size="h5">
        <Trans>The day at the counter · {day.date}</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label={t`Intakes today`} value={String(day.intakes)} testId="counter-day-intakes" />
        <Figure label={t`Collected today`} value={String(day.collections)} testId="counter-day-collections" />
        <Figure label={t`Takings today`} value={yuan(day.takings_total_fen)} testId="counter-day-takings" />
        <Figure
          label={t`Past their promised date`}
          value={String(day.overdue_total)}
          testId="counter-day-overdue"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" component="section" aria-label={t`Takings by payment method`}>
          <Title order={4} size="h6" mb="xs">
            <Trans>Takings by payment method</Trans>
          </Title>
          {takings.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>No money taken today yet</Trans>
            </Text>
          ) : (
            <>
              {/* A picture of the list below, which reads the same: hidden from screen readers, and
                  inert, as recharts makes the chart focusable (a focusable element inside
                  aria-hidden fails axe's aria-hidden-focus). */}
              <div aria-hidden inert>
                <BarChart
                  h={160}
                  data={takings}
                  dataKey="method"
                  series={[{ name: 'yuan', label: t`Yuan`, color: 'teal.6' }]}
                  valueFormatter={(v) => `¥${v.toFixed(2)}`}
                />
              </div>
              <List size="sm" mt="xs" data-testid="counter-day-methods">
                {day.takings.map((x) => (
                  <List.Item key={x.method}>
                    {i18n._(PAYMENT_METHOD_WORDS[x.method])}: {yuan(x.net_fen)}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Paper>
        <Paper withBorder p="md" component="section" aria-label={t`Open tickets`}>
          <Title order={4} size="h6" mb="xs">
            <Trans>Open tickets</Trans>
          </Title>
          {day.open_by_status.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>No open tickets</Trans>
            </Text>
          ) : (
            <SimpleGrid cols={2} spacing="md">
              <List size="sm" data-testid="counter-day-statuses">
                {day.open_by_status.map((s) => (
                  <List.Item key={s.status}>
                    {i18n._(TICKET_STATUS_WORDS[s.status])}: {s.count}
                  </List.Item>
                ))}
              </List>
              <List size="sm" data-testid="counter-day-technicians">
                {day.open_by_technician.map((x) => (
                  <List.Item key={x.technician_id ?? 'none'}>
                    {x.technician_id === null ? t`Not assigned` : x.name}: {x.count}
                  </List.Item>
                ))}
              </List>
            </SimpleGrid>
          )}
        </Paper>
      </SimpleGrid>
      {day.overdue.length > 0 && (
        <Paper withBorder p="md" component="section" aria-label={t`Past their promised date`}>
          <Title order={4} size="h6" mb="xs">
            <Trans>Past their promised date</Trans>
          </Title>
          <List size="sm" data-testid="counter-day-overdue-list">
            {day.overdue.map((o) => (
              <List.Item key={o.id}>
                <Group gap={6} wrap="wrap">
                  <PathLink href={`/app/tickets/detail?id=${o.id}`} data-testid="counter-day-overdue-link">
                    {o.no_text}
                  </PathLink>
                  <Text size="sm">
                    {o.customer_name} · {i18n._(TICKET_STATUS_WORDS[o.status])} ·{' '}
                    <Trans>promised {formatDateTime(o.promised_at)}</Trans>
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
          {day.overdue_total > day.overdue.length && (
            <Text size="xs" c="dimmed" mt={4}>
              <Trans>
                {day.overdue.length} of {day.overdue_total} shown
              </Trans>
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
