import { Button, Group, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { isEmptyFilter, type ResultFilter } from '#contract/results-filter/filter.ts';
import type { DeviceResultRow } from '#contract/schemas/checks-results.ts';
import { NO_SELECTION, type Selection } from '../model/selection.ts';

/**
 * Above the results table (ResultsWorkspace.tsx): how many devices match, the tablet's Filters button,
 * "select all that match" and the columns button.
 */
export function ResultsToolbar({
  devices,
  filter,
  matched,
  tablet,
  activeFilters,
  selection,
  select,
  onOpenFilters,
  onEditColumns,
}: {
  devices: readonly DeviceResultRow[];
  filter: ResultFilter;
  matched: number;
  tablet: boolean;
  /** The filters set (the search included), on the tablet's Filters button. */
  activeFilters: number;
  selection: Selection;
  select(next: Selection): void;
  onOpenFilters(): void;
  onEditColumns(): void;
}) {
  const { t } = useLingui();
  return (
    <Group justify="space-between" mb="xs">
      <Text size="sm" c="dimmed" data-testid="results-count" data-matched={matched} aria-live="polite">
        {isEmptyFilter(filter)
          ? t`${plural(devices.length, { one: '# device', other: '# devices' })}`
          : t`${matched} of ${plural(devices.length, { one: '# device matches', other: '# devices match' })}`}
      </Text>
      <Group gap="xs">
        {tablet && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFilter size={14} aria-hidden />}
            onClick={onOpenFilters}
            data-testid="open-result-filters"
          >
            {activeFilters > 0 ? <Trans>Filters ({activeFilters})</Trans> : <Trans>Filters</Trans>}
          </Button>
        )}
        <Button
          variant="default"
          size="xs"
          onClick={() => select(selection.kind === 'matching' ? NO_SELECTION : { kind: 'matching' })}
          disabled={matched === 0}
          data-testid="select-matching"
        >
          {selection.kind === 'matching'
            ? t`Clear selection`
            : t`${plural(matched, { one: 'Select the # that matches', other: 'Select all # that match' })}`}
        </Button>
        <Button variant="default" size="xs" onClick={onEditColumns} data-testid="edit-columns">
          <Trans>Columns</Trans>
        </Button>
      </Group>
    </Group>
  );
}
