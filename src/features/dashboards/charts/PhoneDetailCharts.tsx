import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Group, List, SimpleGrid, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { PhoneDetailDatas, Slice } from '#contract/schemas/dashboards.ts';
import type { ChartColor } from '../model/chart-palette.ts';
import { DashLink } from '../components/DashLink.tsx';
import { useChartTheme } from '../components/use-chart-palette.ts';
import { useFollowLink } from '../components/use-follow-link.ts';
import { facetLabel, percent } from '../model/labels.ts';
import { ChartCard } from './ChartCard.tsx';

type Facet = 'capacity' | 'colour' | 'warranty_type' | 'sale_country' | 'carrier';
/** At most this many values drawn per facet; the list under the chart names them all. */
const BARS = 12;

/** One model's counts by capacity, colour, warranty, country and carrier, and per day (lazy). */
export default function PhoneDetailCharts({ data }: { data: PhoneDetailDatas }) {
  const { t } = useLingui();
  const { palette, rtl } = useChartTheme();
  const follow = useFollowLink();
  const facets: { key: Facet; title: string }[] = [
    { key: 'capacity', title: t`By capacity` },
    { key: 'colour', title: t`By colour` },
    { key: 'warranty_type', title: t`By warranty type` },
    { key: 'sale_country', title: t`By country of sale` },
    { key: 'carrier', title: t`By carrier` },
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard title={t`Devices per day`} testId="chart-trend">
        <AreaChart
          h={240}
          data={data.trend.map((d) => ({ day: d.date.slice(5), count: d.count }))}
          dataKey="day"
          series={[{ name: 'count', label: t`Devices`, color: palette[0]!.name }]}
          curveType="monotone"
          xAxisProps={{ reversed: rtl }}
          yAxisProps={{ orientation: rtl ? 'right' : 'left' }}
          areaChartProps={{
            onClick: (state: { activeTooltipIndex?: number | string | null } | null) => {
              const d = data.trend[Number(state?.activeTooltipIndex)];
              if (d) follow(d.link);
            },
            style: { cursor: 'pointer' },
          }}
        />
      </ChartCard>
      {facets.map(({ key, title }, i) => (
        <FacetChart
          key={key}
          facet={key}
          title={title}
          slices={data[key]}
          color={palette[i % palette.length]!}
          rtl={rtl}
          onSlice={(s) => follow(s.link)}
        />
      ))}
    </SimpleGrid>
  );
}

function FacetChart({
  facet,
  title,
  slices,
  color,
  rtl,
  onSlice,
}: {
  facet: Facet;
  title: string;
  slices: readonly Slice[];
  color: ChartColor;
  rtl: boolean;
  onSlice(slice: Slice): void;
}) {
  const { t, i18n } = useLingui();
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  const drawn = slices.slice(0, BARS);
  return (
    <ChartCard title={title} testId={`chart-${facet}`}>
      <BarChart
        h={Math.max(120, drawn.length * 28 + 40)}
        data={drawn.map((s) => ({ value: facetLabel(i18n, facet, s.key), count: s.count }))}
        dataKey="value"
        orientation="vertical"
        yAxisProps={{ width: 120, orientation: rtl ? 'right' : 'left' }}
        xAxisProps={{ reversed: rtl }}
        series={[{ name: 'count', label: t`Devices`, color: color.name }]}
        barChartProps={{
          onClick: (state: { activeTooltipIndex?: number | string | null } | null) => {
            const s = drawn[Number(state?.activeTooltipIndex)];
            if (s) onSlice(s);
          },
          style: { cursor: 'pointer' },
        }}
      />
      <List size="sm" listStyleType="none" spacing={2} mt="xs" aria-label={title}>
        {slices.map((s) => (
          <List.Item key={s.key}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{facetLabel(i18n, facet, s.key)}</Text>
              <DashLink link={s.link} testId={`${facet}-${s.key || 'unknown'}`} size="sm" fw={600}>
                {s.count}
              </DashLink>
              <Text size="xs" c="dimmed">
                {percent(s.count, total)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
    </ChartCard>
  );
}
