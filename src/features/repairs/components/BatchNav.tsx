import { NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RepairBatchRow } from '#contract/schemas/repairs.ts';

/** The batches beside the device list on a wide screen (a tablet has a select above it instead). */
export function BatchNav({
  batches,
  batchId,
  onSelect,
}: {
  batches: readonly RepairBatchRow[];
  batchId: number | null;
  onSelect: (batchId: number | null) => void;
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="xs" w={240} style={{ flex: 'none' }}>
      <Text fw={600} size="sm" mb="xs">
        <Trans>Batches</Trans>
      </Text>
      <ScrollArea.Autosize mah={560}>
        <nav aria-label={t`Batches`} data-testid="batch-list">
          <NavLink
            label={t`All batches`}
            active={batchId === null}
            onClick={() => onSelect(null)}
            component="button"
          />
          {batches.map((b) => (
            <NavLink
              key={b.id}
              component="button"
              label={b.title}
              description={t`${plural(b.devices, { one: '# device', other: '# devices' })} · ${b.watched} watched · ${b.changed_today} changed today`}
              active={batchId === b.id}
              onClick={() => onSelect(b.id)}
              data-testid="batch-item"
            />
          ))}
        </nav>
      </ScrollArea.Autosize>
    </Paper>
  );
}
