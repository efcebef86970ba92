import { Trans } from '@lingui/react/macro';
import type { DayRange } from '#contract/schemas/dashboards.ts';

/** The shop days a page counts: one day, or from … to …. */
export function RangeText({ range }: { range: DayRange }) {
  const { from, to } = range;
  return (
    <span data-testid="dashboard-range">
      {from === to ? (
        from
      ) : (
        <Trans>
          {from} to {to}
        </Trans>
      )}
    </span>
  );
}
