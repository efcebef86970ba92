import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { KitPage } from '../components/KitPage.tsx';

/**
 * Charts with @mantine/charts (recharts underneath; decision 0023): they take the theme's colours
 * (`primary`, the 10 named colours) and follow light/dark by CSS variables. Loaded on this page only.
 */
const WEEK = [
  { day: 1, repairs: 14, checks: 40, points: 120 },
  { day: 2, repairs: 18, checks: 52, points: 156 },
  { day: 3, repairs: 11, checks: 33, points: 99 },
  { day: 4, repairs: 21, checks: 61, points: 183 },
  { day: 5, repairs: 25, checks: 70, points: 210 },
  { day: 6, repairs: 30, checks: 88, points: 264 },
  { day: 7, repairs: 17, checks: 45, points: 135 },
];

export function ChartsPage({ title }: { title: string }) {
  const { t } = useLingui();
  const days = [t`Mon`, t`Tue`, t`Wed`, t`Thu`, t`Fri`, t`Sat`, t`Sun`];
  const data = WEEK.map((d) => ({ ...d, label: days[d.day - 1]! }));
  const rtl = typeof document !== 'undefined' && document.dir === 'rtl';
  const series = {
    repairs: { name: 'repairs', label: t`Repairs`, color: 'primary' },
    checks: { name: 'checks', label: t`Device checks`, color: 'orangecarrot.6' },
  };
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="md">
            <Trans>Repairs and checks this week</Trans>
          </Title>
          <BarChart
            h={260}
            data={data}
            dataKey="label"
            series={[series.repairs, series.checks]}
            withLegend
            xAxisProps={{ reversed: rtl }}
            yAxisProps={{ orientation: rtl ? 'right' : 'left' }}
          />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="md">
            <Trans>Points spent per day</Trans>
          </Title>
          <AreaChart
            h={260}
            data={data}
            dataKey="label"
            series={[{ name: 'points', label: t`Points`, color: 'greenmoss.6' }]}
            curveType="monotone"
            xAxisProps={{ reversed: rtl }}
            yAxisProps={{ orientation: rtl ? 'right' : 'left' }}
          />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="md">
            <Trans>Trend</Trans>
          </Title>
          <LineChart
            h={260}
            data={data}
            dataKey="label"
            series={[series.repairs]}
            xAxisProps={{ reversed: rtl }}
            yAxisProps={{ orientation: rtl ? 'right' : 'left' }}
          />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={3} size="h5" mb="md">
            <Trans>Repairs by kind</Trans>
          </Title>
          <DonutChart
            mx="auto"
            withLabelsLine
            withLabels
            data={[
              { name: t`Screens`, value: 46, color: 'primary' },
              { name: t`Batteries`, value: 31, color: 'orangecarrot.6' },
              { name: t`Charging ports`, value: 12, color: 'greenmoss.6' },
              { name: t`Other`, value: 11, color: 'greysteel.6' },
            ]}
          />
        </Paper>
      </SimpleGrid>
    </KitPage>
  );
}
