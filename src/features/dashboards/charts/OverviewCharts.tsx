import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardOverviewDatas } from '#contract/schemas/dashboards.ts';
import { SERVICE_CODES } from '#contract/values/checks-catalogue.ts';
import { useChartTheme } from '../components/use-chart-palette.ts';
import { useFollowLink } from '../components/use-follow-link.ts';
import { serviceLabel } from '../model/labels.ts';
import { OTHER, dayRows } from '../model/series.ts';
import { keyedColors } from '../model/chart-palette.ts';
import { ChartCard } from './ChartCard.tsx';
import { RepairFunnelChart } from './RepairFunnelChart.tsx';
import { WarrantyMixChart } from './WarrantyMixChart.tsx';

/**
 * The default dashboard's charts (@mantine/charts, decision 0035): loaded with React.lazy, so
 * recharts arrives after the figures and never with the sign-in page. A click on a day's bar opens
 * that day's check orders; the funnel and the warranty mix list their counts as links too (the
 * keyboard's and screen readers' way to the same lists).
 */
export default function OverviewCharts({ data }: { data: DashboardOverviewDatas }) {
  const { t, i18n } = useLingui();
  const { palette, rtl } = useChartTheme();
  const follow = useFollowLink();
  const rows = dayRows(data.series);
  // A service keeps its colour across periods and languages; "other" is the palette's grey.
  const serviceColors = keyedColors(rows.services, SERVICE_CODES, palette, OTHER);
  const series = rows.services.map((s) => ({
    name: s,
    label: s === OTHER ? t`Other services` : serviceLabel(i18n, s),
    color: serviceColors.get(s)!.name,
  }));
  const openDay = (state: { activeTooltipIndex?: number | string | null } | null) => {
    const index = Number(state?.activeTooltipIndex);
    const day = Number.isInteger(index) ? data.series[index] : undefined;
    if (day) follow(day.link);
  };
  const axes = {
    xAxisProps: { reversed: rtl },
    yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const) },
  };
  const noChecks = rows.services.length === 0;

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard title={t`Devices checked per day, by service`} testId="chart-devices">
        {noChecks ? (
          <Text c="dimmed" size="sm">
            <Trans>No devices were checked in this period.</Trans>
          </Text>
        ) : (
          <BarChart
            h={260}
            data={rows.devices}
            dataKey="day"
            type="stacked"
            series={series}
            withLegend
            barChartProps={{ onClick: openDay, style: { cursor: 'pointer' } }}
            {...axes}
          />
        )}
      </ChartCard>
      <ChartCard title={t`Points spent per day, by service`} testId="chart-points">
        {noChecks ? (
          <Text c="dimmed" size="sm">
            <Trans>No points were spent in this period.</Trans>
          </Text>
        ) : (
          <BarChart
            h={260}
            data={rows.points}
            dataKey="day"
            type="stacked"
            series={series}
            withLegend
            valueFormatter={(v) => v.toFixed(2)}
            barChartProps={{ onClick: openDay, style: { cursor: 'pointer' } }}
            {...axes}
          />
        )}
      </ChartCard>
      <RepairFunnelChart data={data} />
      <WarrantyMixChart data={data} />
    </SimpleGrid>
  );
}
