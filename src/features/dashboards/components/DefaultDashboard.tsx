import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardOverviewDatas, DashboardPeriod } from '#contract/schemas/dashboards.ts';
import { formatHundredths } from '#src/lib/amount.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import type { StoredUser } from '#src/lib/storage.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { overviewQuery } from '../api/dashboards-api.ts';
import { basisPoints } from '../model/labels.ts';
import { FigureCard } from './DashLink.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import { LoadFailed, Loading } from './QueryStates.tsx';
import { RangeText } from './RangeText.tsx';

const OverviewCharts = lazy(() => import('../charts/OverviewCharts.tsx'));

const POINT_RECORD = { list: 'point_record', filter: {} } as const;
const SHOPPING_CENTER = { list: 'shopping_center', filter: {} } as const;

/** The greeting, the shop and the period's dates, and the period switch. */
function DashboardHeader({
  user,
  period,
  onPeriod,
  range,
}: {
  user: StoredUser;
  period: DashboardPeriod;
  onPeriod(period: DashboardPeriod): void;
  range: Parameters<typeof RangeText>[0]['range'] | undefined;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={2} data-testid="dashboard-title">
          <Trans>Welcome, {user.title}</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          {user.account_name}
          {range && (
            <>
              {' · '}
              <RangeText range={range} />
            </>
          )}
        </Text>
      </div>
      <PeriodSwitch value={period} onChange={onPeriod} />
    </Group>
  );
}

/**
 * The landing page after sign-in (/app/dashboards/default): what the shop checked and spent in the
 * period, what is in repair now, and its wallet; every figure opens the list it counts.
 */
export function DefaultDashboard({
  user,
  period,
  onPeriod,
  counter,
}: {
  user: StoredUser;
  period: DashboardPeriod;
  onPeriod(period: DashboardPeriod): void;
  /** The day at the counter (the counter feature's widget, composed in by the route). */
  counter?: ReactNode;
}) {
  const { t } = useLingui();
  const overview = useQuery(overviewQuery(period));
  const data = overview.data;
  return (
    <Stack>
      <DashboardHeader user={user} period={period} onPeriod={onPeriod} range={data?.range} />
      {counter}
      <DataAsOf query={overview} />
      {data ? (
        <>
          <Title order={3} size="h5">
            <Trans>Device checks</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="figures-checks">
            <FigureCard
              label={t`Devices checked`}
              value={String(data.devices.value)}
              rawValue={data.devices.value}
              link={data.devices.link}
              testId="figure-devices"
            />
            <FigureCard
              label={t`Orders`}
              value={String(data.orders.value)}
              rawValue={data.orders.value}
              link={data.orders.link}
              testId="figure-orders"
            />
            <FigureCard
              label={t`Points spent`}
              value={formatHundredths(data.points_spent.value)}
              rawValue={data.points_spent.value}
              link={data.points_spent.link}
              testId="figure-points-spent"
            />
            <FigureCard
              label={t`Check success rate`}
              value={basisPoints(data.success_rate_bp)}
              rawValue={data.success_rate_bp}
              hint={t`${data.checks_succeeded} succeeded, ${data.checks_failed} failed`}
              link={data.orders.link}
              testId="figure-success-rate"
            />
          </SimpleGrid>
          <Title order={3} size="h5">
            <Trans>Repairs now</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="figures-repairs">
            <FigureCard
              label={t`Repairs in progress`}
              value={String(data.repairs_in_progress.value)}
              rawValue={data.repairs_in_progress.value}
              link={data.repairs_in_progress.link}
              testId="figure-repairs-in-progress"
            />
            <FigureCard
              label={t`Waiting for a quote`}
              value={String(data.waiting_for_quote.value)}
              rawValue={data.waiting_for_quote.value}
              link={data.waiting_for_quote.link}
              testId="figure-waiting-for-quote"
            />
            <FigureCard
              label={t`Today's schedule changes`}
              value={String(data.today_schedule_changes.value)}
              rawValue={data.today_schedule_changes.value}
              link={data.today_schedule_changes.link}
              testId="figure-schedule-changes"
            />
            <FigureCard
              label={t`Watched devices`}
              value={String(data.watched_devices.value)}
              rawValue={data.watched_devices.value}
              link={data.watched_devices.link}
              testId="figure-watched"
            />
          </SimpleGrid>
        </>
      ) : overview.isError ? (
        <LoadFailed error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Loading />
      )}
      <Title order={3} size="h5">
        <Trans>Wallet</Trans>
      </Title>
      <Wallet user={user} data={data} />
      {data && (
        <Suspense fallback={<Loading />}>
          <OverviewCharts data={data} />
        </Suspense>
      )}
    </Stack>
  );
}

/** Balance and VIP end: from the dashboard's answer, else from the signed-in user (offline, error). */
function Wallet({ user, data }: { user: StoredUser; data: DashboardOverviewDatas | undefined }) {
  const { t } = useLingui();
  const balance = data ? data.balance.value : Math.round(user.integral * 100);
  const vipEnd = data ? data.vip_end_ms : user.vip_end_time || null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="figures-wallet">
      <FigureCard
        label={t`Points balance`}
        value={formatHundredths(balance)}
        rawValue={balance}
        link={data?.balance.link ?? POINT_RECORD}
        testId="figure-balance"
        valueTestId="dashboard-points"
      />
      <FigureCard
        label={t`VIP until`}
        value={formatDateTime(vipEnd) || '—'}
        rawValue={vipEnd}
        link={SHOPPING_CENTER}
        testId="figure-vip-end"
        valueTestId="dashboard-vip-end"
        valueSize={20}
      />
    </SimpleGrid>
  );
}
