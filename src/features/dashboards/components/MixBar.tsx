import { Progress } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { Slice } from '#contract/schemas/dashboards.ts';
import { facetLabel, percent } from '../model/labels.ts';
import type { ChartColor } from '../model/chart-palette.ts';

/**
 * A mix (capacities, colours) as one stacked bar: each value a section in a theme colour, named
 * with its count and share (title for the mouse, aria-label for screen readers).
 */
export function MixBar({
  slices,
  facet,
  palette,
  testId,
}: {
  slices: readonly Slice[];
  facet: string;
  palette: readonly ChartColor[];
  testId: string;
}) {
  const { i18n } = useLingui();
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  if (total === 0) return null;
  return (
    <Progress.Root size={14} miw={120} data-testid={testId}>
      {slices.map((s, i) => {
        const text = `${facetLabel(i18n, facet, s.key)}: ${s.count} (${percent(s.count, total)})`;
        return (
          <Progress.Section
            key={s.key}
            value={(s.count / total) * 100}
            color={palette[i % palette.length]!.name}
            title={text}
            aria-label={text}
          />
        );
      })}
    </Progress.Root>
  );
}
