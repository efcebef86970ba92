import { Suspense, lazy } from 'react';
import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardPeriod, HotPhonesDatas } from '#contract/schemas/dashboards.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { hotPhonesQuery } from '../api/dashboards-api.ts';
import { percent } from '../model/labels.ts';
import { DashLink } from './DashLink.tsx';
import { MixBar } from './MixBar.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import { Empty, LoadFailed, Loading } from './QueryStates.tsx';
import { RangeText } from './RangeText.tsx';
import { useChartTheme } from './use-chart-palette.ts';

const HotPhonesChart = lazy(() => import('../charts/HotPhonesChart.tsx'));

type ModelRow = HotPhonesDatas['models'][number];

/** /app/dashboards/hotphone: the models the shop checked most in the period, against the one before. */
export function HotPhonesPage({
  period,
  onPeriod,
}: {
  period: DashboardPeriod;
  onPeriod(period: DashboardPeriod): void;
}) {
  const query = useQuery(hotPhonesQuery(period));
  const data = query.data;
  const navigate = useNavigate();
  const open = (model: string) =>
    void navigate({ to: '/app/dashboards/phoneDetail', search: { model, period } });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>
            <Trans>Hot phones</Trans>
          </Title>
          {data && (
            <Text c="dimmed" size="sm">
              <RangeText range={data.range} />
              {' · '}
              <Trans>
                compared with {data.previous_range.from} to {data.previous_range.to}
              </Trans>
            </Text>
          )}
        </div>
        <PeriodSwitch value={period} onChange={onPeriod} />
      </Group>
      <DataAsOf query={query} />
      {data ? (
        data.models.length === 0 ? (
          <Empty>
            <Trans>No device with a known model was checked in this period.</Trans>
          </Empty>
        ) : (
          <>
            <Suspense fallback={<Loading />}>
              <HotPhonesChart data={data} onModel={open} />
            </Suspense>
            <ModelsTable data={data} period={period} onModel={open} />
          </>
        )
      ) : query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

function ModelsTable({
  data,
  period,
  onModel,
}: {
  data: HotPhonesDatas;
  period: DashboardPeriod;
  onModel(model: string): void;
}) {
  const { t } = useLingui();
  const { palette } = useChartTheme();
  const share = (row: ModelRow, s: ModelRow['activation_lock'], name: string) => (
    <DashLink link={s.link} testId={`share-${name}`} size="sm" title={String(s.count)}>
      {percent(s.count, row.count)}
    </DashLink>
  );
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table highlightOnHover data-testid="hot-phones-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">{t`Model`}</Table.Th>
            <Table.Th scope="col" ta="end">{t`Devices`}</Table.Th>
            <Table.Th scope="col" ta="end">{t`Share`}</Table.Th>
            <Table.Th scope="col">{t`Trend`}</Table.Th>
            <Table.Th scope="col">{t`Capacity`}</Table.Th>
            <Table.Th scope="col">{t`Colour`}</Table.Th>
            <Table.Th scope="col" ta="end">{t`Activation lock`}</Table.Th>
            <Table.Th scope="col" ta="end">{t`Network lock`}</Table.Th>
            <Table.Th scope="col" ta="end">{t`Replaced`}</Table.Th>
            <Table.Th scope="col" ta="end">{t`Out of warranty`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.models.map((row) => (
            <Table.Tr
              key={row.model}
              data-testid="hot-phone-row"
              data-model={row.model}
              style={{ cursor: 'pointer' }}
              // The model's name is the link (keyboard, screen readers); the rest of the row too, by mouse.
              onClick={(e) => {
                if (!(e.target as HTMLElement).closest('a')) onModel(row.model);
              }}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.rank}</Table.Td>
              <Table.Td>
                <Anchor
                  fw={600}
                  data-testid="hot-phone-model"
                  renderRoot={(props) => (
                    <Link {...props} to="/app/dashboards/phoneDetail" search={{ model: row.model, period }} />
                  )}
                >
                  {row.model}
                </Anchor>
              </Table.Td>
              <Table.Td ta="end">
                <DashLink link={row.link} testId="hot-phone-count" fw={600}>
                  {row.count}
                </DashLink>
              </Table.Td>
              <Table.Td ta="end">{percent(row.count, data.total_devices)}</Table.Td>
              <Table.Td>
                <Trend row={row} />
              </Table.Td>
              <Table.Td>
                <MixBar slices={row.capacity} facet="capacity" palette={palette} testId="capacity-mix" />
              </Table.Td>
              <Table.Td>
                <MixBar slices={row.colour} facet="colour" palette={palette} testId="colour-mix" />
              </Table.Td>
              <Table.Td ta="end">{share(row, row.activation_lock, 'activation-lock')}</Table.Td>
              <Table.Td ta="end">{share(row, row.network_lock, 'network-lock')}</Table.Td>
              <Table.Td ta="end">{share(row, row.replaced, 'replaced')}</Table.Td>
              <Table.Td ta="end">{share(row, row.out_of_warranty, 'out-of-warranty')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Against the previous period: the change in devices, and the rank it had (or "new"). */
function Trend({ row }: { row: ModelRow }) {
  const { t } = useLingui();
  const change = row.count - row.previous;
  const sign = change > 0 ? '+' : '';
  const color = change > 0 ? 'teal.9' : change < 0 ? 'red.9' : 'gray.7';
  return (
    <Group gap={6} wrap="nowrap" data-testid="hot-phone-trend" data-change={change}>
      <Badge color={color} variant="light" title={t`${row.previous} in the previous period`}>
        {sign}
        {change}
      </Badge>
      <Text size="xs" c="dimmed">
        {row.previous_rank === null ? <Trans>new</Trans> : <Trans>was #{row.previous_rank}</Trans>}
      </Text>
    </Group>
  );
}
