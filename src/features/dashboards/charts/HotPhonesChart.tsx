import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useLingui } from '@lingui/react/macro';
import type { HotPhonesDatas } from '#contract/schemas/dashboards.ts';
import { useChartTheme } from '../components/use-chart-palette.ts';
import { ChartCard } from './ChartCard.tsx';

/**
 * The top models, this period beside the previous one (lazy: recharts stays off the first load). A
 * bar opens the model's detail, as its row in the table does.
 */
export default function HotPhonesChart({
  data,
  onModel,
}: {
  data: HotPhonesDatas;
  onModel(model: string): void;
}) {
  const { t } = useLingui();
  const { palette, rtl } = useChartTheme();
  const top = data.models.slice(0, 10);
  return (
    <ChartCard title={t`Most checked models`} testId="chart-hot-phones">
      <BarChart
        h={320}
        data={top.map((m) => ({ model: m.model, count: m.count, previous: m.previous }))}
        dataKey="model"
        withLegend
        series={[
          { name: 'count', label: t`This period`, color: palette[0]!.name },
          { name: 'previous', label: t`Previous period`, color: palette[palette.length - 1]!.name },
        ]}
        // Every model named under its bar (recharts drops labels that would touch): slanted to fit.
        xAxisProps={{ reversed: rtl, interval: 0, angle: rtl ? 30 : -30, textAnchor: 'end', height: 80 }}
        yAxisProps={{ orientation: rtl ? 'right' : 'left' }}
        barChartProps={{
          onClick: (state: { activeTooltipIndex?: number | string | null } | null) => {
            const m = top[Number(state?.activeTooltipIndex)];
            if (m) onModel(m.model);
          },
          style: { cursor: 'pointer' },
        }}
      />
    </ChartCard>
  );
}
