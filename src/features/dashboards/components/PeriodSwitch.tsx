import { useId } from 'react';
import { Chip, Group } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { DashboardPeriod } from '#contract/values/dashboards.ts';
import { PERIOD_LABELS } from '../model/labels.ts';
import { PERIODS } from '../model/search.ts';

/**
 * Today / 7 / 30 / 90 days: the period every figure of the page counts. Radio chips, one name, so
 * the arrow keys move the choice. Not Mantine's SegmentedControl: its sliding indicator measures
 * the selected item in an effect, a forced style and layout of the whole page before the landing
 * page's first frame (~30 ms of an offline start in interleaved runs; issue 15, decision 0025).
 */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange(period: DashboardPeriod): void;
}) {
  const { t, i18n } = useLingui();
  const name = useId();
  return (
    <Chip.Group multiple={false} value={value} onChange={(next) => onChange(next as DashboardPeriod)}>
      <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t`Period`} data-testid="period-switch">
        {PERIODS.map((period) => (
          <Chip key={period} value={period} name={name} size="sm">
            {i18n._(PERIOD_LABELS[period])}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
