// The results filters' two ranges (FiltersPanel.tsx): warranty days left and purchase dates.
import { memo } from 'react';
import { Fieldset, Group, NumberInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useLingui } from '@lingui/react/macro';
import type { ResultFilter } from '#contract/results-filter/filter.ts';

/** Changes some of the filter's fields. */
export type Patch = (patch: Partial<ResultFilter>) => void;

/** The warranty days left, from and to. */
export const DaysWindow = memo(function DaysWindow({
  min,
  max,
  set,
}: {
  min: number | undefined;
  max: number | undefined;
  set: Patch;
}) {
  const { t } = useLingui();
  return (
    <Fieldset legend={t`Warranty days left`} variant="unstyled">
      <Group grow gap="xs">
        <NumberInput
          label={t`From`}
          value={min ?? ''}
          onChange={(v) => set({ days_min: typeof v === 'number' ? v : undefined })}
          allowDecimal={false}
          data-testid="days-min"
        />
        <NumberInput
          label={t`To`}
          value={max ?? ''}
          onChange={(v) => set({ days_max: typeof v === 'number' ? v : undefined })}
          allowDecimal={false}
          data-testid="days-max"
        />
      </Group>
    </Fieldset>
  );
});

/** The purchase dates, a range picked on a calendar. */
export const PurchaseRange = memo(function PurchaseRange({
  from,
  to,
  set,
}: {
  from: string | undefined;
  to: string | undefined;
  set: Patch;
}) {
  const { t } = useLingui();
  return (
    <DatePickerInput
      type="range"
      label={t`Purchase date`}
      valueFormat="YYYY-MM-DD"
      clearable
      allowSingleDateInRange
      value={[from ?? null, to ?? null]}
      onChange={([from, to]) => set({ purchase_from: from ?? undefined, purchase_to: to ?? undefined })}
      data-testid="purchase-range"
    />
  );
});
