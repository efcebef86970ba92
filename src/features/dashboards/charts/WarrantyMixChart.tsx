import { DonutChart } from '@mantine/charts';
import { Group, List, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardOverviewDatas } from '#contract/schemas/dashboards.ts';
import { WARRANTY_TYPES } from '#contract/values/checks-results.ts';
import { DashLink } from '../components/DashLink.tsx';
import { useChartTheme } from '../components/use-chart-palette.ts';
import { useFollowLink } from '../components/use-follow-link.ts';
import { facetLabel, percent } from '../model/labels.ts';
import { keyedColors, withTints } from '../model/chart-palette.ts';
import { ChartCard } from './ChartCard.tsx';

/**
 * The default dashboard's warranty mix of the devices checked (OverviewCharts.tsx): a donut whose
 * slices open their devices, and the same counts listed as links with their share.
 */
export function WarrantyMixChart({ data }: { data: DashboardOverviewDatas }) {
  const { t, i18n } = useLingui();
  const { palette } = useChartTheme();
  const follow = useFollowLink();
  const warrantyColors = keyedColors(
    data.warranty_mix.map((s) => s.key),
    WARRANTY_TYPES,
    withTints(palette),
  );
  const warrantyTotal = data.warranty_mix.reduce((sum, s) => sum + s.count, 0);
  return (
    <ChartCard title={t`Warranty mix of the devices checked`} testId="chart-warranty">
      {warrantyTotal === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No devices were checked in this period.</Trans>
        </Text>
      ) : (
        <Group align="center" wrap="wrap" justify="center">
          <DonutChart
            size={180}
            thickness={28}
            withTooltip
            data={data.warranty_mix.map((s) => ({
              name: facetLabel(i18n, 'warranty_type', s.key),
              value: s.count,
              color: warrantyColors.get(s.key)!.name,
            }))}
            pieProps={{
              onClick: (_: unknown, index: number) => {
                const s = data.warranty_mix[index];
                if (s) follow(s.link);
              },
              style: { cursor: 'pointer' },
            }}
          />
          <List
            size="sm"
            listStyleType="none"
            spacing={2}
            aria-label={t`Warranty mix of the devices checked`}
          >
            {data.warranty_mix.map((s) => (
              <List.Item key={s.key}>
                <Group gap="xs" wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      background: warrantyColors.get(s.key)!.hex,
                      display: 'inline-block',
                    }}
                  />
                  <Text size="sm">{facetLabel(i18n, 'warranty_type', s.key)}</Text>
                  <DashLink link={s.link} testId={`warranty-${s.key || 'unknown'}`} size="sm" fw={600}>
                    {s.count}
                  </DashLink>
                  <Text size="xs" c="dimmed">
                    {percent(s.count, warrantyTotal)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Group>
      )}
    </ChartCard>
  );
}
