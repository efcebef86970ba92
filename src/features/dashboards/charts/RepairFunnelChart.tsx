import { BarChart } from '@mantine/charts';
import { Group, List, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardOverviewDatas } from '#contract/schemas/dashboards.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import { DashLink } from '../components/DashLink.tsx';
import { useChartTheme } from '../components/use-chart-palette.ts';
import { useFollowLink } from '../components/use-follow-link.ts';
import { ChartCard } from './ChartCard.tsx';

/**
 * The default dashboard's repairs by status (OverviewCharts.tsx): a bar per status that opens its
 * repairs, and the same counts listed as links.
 */
export function RepairFunnelChart({ data }: { data: DashboardOverviewDatas }) {
  const { t, i18n } = useLingui();
  const { palette, rtl } = useChartTheme();
  const follow = useFollowLink();
  const funnelTotal = data.repair_funnel.reduce((sum, p) => sum + p.count, 0);
  return (
    <ChartCard title={t`Repairs by status`} testId="chart-funnel">
      <Stack gap="sm">
        {funnelTotal > 0 && (
          <BarChart
            h={280}
            data={data.repair_funnel.map((p) => ({
              status: i18n._(PROGRESS_LABELS[p.progress]),
              count: p.count,
            }))}
            dataKey="status"
            orientation="vertical"
            yAxisProps={{ width: 150, orientation: rtl ? 'right' : 'left' }}
            xAxisProps={{ reversed: rtl }}
            series={[{ name: 'count', label: t`Devices`, color: palette[0]!.name }]}
            barChartProps={{
              onClick: (state: { activeTooltipIndex?: number | string | null } | null) => {
                const p = data.repair_funnel[Number(state?.activeTooltipIndex)];
                if (p) follow(p.link);
              },
              style: { cursor: 'pointer' },
            }}
          />
        )}
        {funnelTotal === 0 && (
          <Text c="dimmed" size="sm">
            <Trans>No devices are in repair.</Trans>
          </Text>
        )}
        <List size="sm" listStyleType="none" spacing={2} aria-label={t`Repairs by status`}>
          {data.repair_funnel
            .filter((p) => p.count > 0)
            .map((p) => (
              <List.Item key={p.progress}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm">{i18n._(PROGRESS_LABELS[p.progress])}</Text>
                  <DashLink link={p.link} testId={`funnel-${p.progress}`} size="sm" fw={600}>
                    {p.count}
                  </DashLink>
                </Group>
              </List.Item>
            ))}
        </List>
      </Stack>
    </ChartCard>
  );
}
