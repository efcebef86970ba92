import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { overviewQuery } from '#src/features/dashboards/api/dashboards-api.ts';
import { DefaultDashboard } from '#src/features/dashboards/components/DefaultDashboard.tsx';
import { CounterDayWidget } from '#src/features/counter/day/CounterDayWidget.tsx';
import { parsePeriod } from '#src/features/dashboards/model/search.ts';
import { useCurrentUser } from '#src/features/auth/session.ts';
import type { DashboardPeriod } from '#contract/schemas/dashboards.ts';

export const Route = createFileRoute('/app/dashboards/default')({
  validateSearch: (search: Record<string, unknown>): { period?: DashboardPeriod } => {
    const period = parsePeriod(search.period);
    return period ? { period } : {};
  },
  loaderDeps: ({ search }) => ({ period: search.period ?? '7d' }),
  loader: ({ context, deps }) => prefetchPageData(context, [overviewQuery(deps.period)]),
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
      counter={<CounterDayWidget />}
    />
  ) : null;
}
