import { Suspense, lazy } from 'react';
import { Skeleton } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { overviewQuery } from '#src/features/dashboards/api/dashboards-api.ts';
import { DefaultDashboard } from '#src/features/dashboards/components/DefaultDashboard.tsx';
import { counterDayQuery } from '#src/features/counter/day/counter-day-api.ts';
import { parsePeriod } from '#src/features/dashboards/model/search.ts';
import { useCurrentUser } from '#src/features/auth/session.ts';
import type { DashboardPeriod } from '#contract/values/dashboards.ts';

// The day at the counter draws a bar chart (@mantine/charts, recharts: ~420 kB of JavaScript and the
// charts' stylesheet). Imported statically, it came into the signed-in start's group with the landing
// page (scripts/vite-signed-in-start.ts), so every page of a new tab fetched, compiled and ran
// recharts before its first frame; its own chunk now, asked for when the dashboard renders, its list
// by the loader below (decision 0058).
const CounterDayWidget = lazy(() =>
  import('#src/features/counter/day/CounterDayWidget.tsx').then((m) => ({ default: m.CounterDayWidget })),
);

export const Route = createFileRoute('/app/dashboards/default')({
  validateSearch: (search: Record<string, unknown>): { period?: DashboardPeriod } => {
    const period = parsePeriod(search.period);
    return period ? { period } : {};
  },
  loaderDeps: ({ search }) => ({ period: search.period ?? '7d' }),
  loader: ({ context, deps }) => prefetchPageData(context, [overviewQuery(deps.period), counterDayQuery()]),
  component: DashboardRoute,
});

function DashboardRoute() {
  const user = useCurrentUser();
  const { period = '7d' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return user ? (
    <DefaultDashboard
      user={user}
      period={period}
      onPeriod={(next) => void navigate({ search: { period: next }, replace: true })}
      counter={
        // The widget's own loading state, while its code comes.
        <Suspense fallback={<Skeleton h={160} data-testid="counter-day-loading" />}>
          <CounterDayWidget />
        </Suspense>
      }
    />
  ) : null;
}
