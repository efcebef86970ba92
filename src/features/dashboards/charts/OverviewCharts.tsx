import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardOverviewDatas } from '#contract/schemas/dashboards.ts';
import { SERVICE_CODES } from '#contract/schemas/checks-catalogue.ts';
import { WARRANTY_TYPES } from '#contract/schemas/checks-results.ts';
import { PROGRESS_LABELS } from '#src/lib/labels/repair-progress.ts';
import { DashLink } from '../components/DashLink.tsx';
import { useChartTheme } from '../components/use-chart-palette.ts';
import { useFollowLink } from '../components/use-follow-link.ts';
import { facetLabel, percent, serviceLabel } from '../model/labels.ts';
import { OTHER, dayRows } from '../model/series.ts';
import { keyedColors, withTints } from '../model/chart-palette.ts';
import { ChartCard } from './ChartCard.tsx';

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
  const warrantyColors = keyedColors(
    data.warranty_mix.map((s) => s.key),
    WARRANTY_TYPES,
    withTints(palette),
  );
  const openDay = (state: { activeTooltipIndex?: number | string | null } | null) => {
    const index = Number(state?.activeTooltipIndex);
    const day = Number.isInteger(index) ? data.series[index] : undefined;
    if (day) follow(day.link);
  };
  const axes = {
    xAxisProps: { reversed: rtl },
    yAxisProps: { orientation: rtl ? ('right' as const) : ('left' as const) },
  };
  const funnelTotal = data.repair_funnel.reduce((sum, p) => sum + p.count, 0);
  const warrantyTotal = data.warranty_mix.reduce((sum, s) => sum + s.count, 0);
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
    </SimpleGrid>
  );
}
