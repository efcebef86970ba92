import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { DashboardPeriod } from '#contract/schemas/dashboards.ts';
import { PERIOD_LABELS } from '../model/labels.ts';
import { PERIODS } from '../model/search.ts';

/** Today / 7 / 30 / 90 days: the period every figure of the page counts. */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange(period: DashboardPeriod): void;
}) {
  const { t, i18n } = useLingui();
  return (
    <SegmentedControl
      aria-label={t`Period`}
      data-testid="period-switch"
      value={value}
      onChange={(next) => onChange(next as DashboardPeriod)}
      data={PERIODS.map((p) => ({ value: p, label: i18n._(PERIOD_LABELS[p]) }))}
    />
  );
}
