import { Button, Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** The bulk actions on the selected results (ResultsWorkspace.tsx), shown while some are selected. */
export function BulkActionsBar({
  selected,
  onDerive,
  onIntake,
  onClear,
}: {
  selected: number;
  onDerive(): void;
  onIntake(): void;
  onClear(): void;
}) {
  return (
    <Paper withBorder p="xs" mb="xs" data-testid="bulk-bar">
      <Group justify="space-between">
        <Text size="sm" fw={600} data-testid="selected-count" data-count={selected}>
          <Trans>{selected} selected</Trans>
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={onDerive} data-testid="derive-open">
            <Trans>Copy into a new order</Trans>
          </Button>
          <Button size="xs" variant="light" onClick={onIntake} data-testid="intake-open">
            <Trans>Move into repair tracking</Trans>
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
