import { Paper, Text, Timeline, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { RepairEventRow } from '#contract/schemas/repairs.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { EventText } from './EventText.tsx';

/** A tracked device's progress timeline: one item per event, with when and who. */
export function DeviceTimeline({ events }: { events: RepairEventRow[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        <Trans>Progress timeline</Trans>
      </Title>
      <Timeline bulletSize={14} lineWidth={2} data-testid="detail-timeline">
        {events.map((e) => (
          <Timeline.Item
            key={e.id}
            title={<EventText event={e} />}
            data-testid="timeline-event"
            data-kind={e.kind}
          >
            <Text size="xs" c="dimmed">
              {formatDateTime(e.at)}
              {e.actor_name ? ` · ${e.actor_name}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
