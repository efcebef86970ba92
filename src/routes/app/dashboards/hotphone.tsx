import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { hotPhonesQuery } from '#src/features/dashboards/api/dashboards-api.ts';
import { HotPhonesPage } from '#src/features/dashboards/components/HotPhonesPage.tsx';
import { parsePeriod } from '#src/features/dashboards/model/search.ts';
import type { DashboardPeriod } from '#contract/values/dashboards.ts';

export const Route = createFileRoute('/app/dashboards/hotphone')({
  validateSearch: (search: Record<string, unknown>): { period?: DashboardPeriod } => {
    const period = parsePeriod(search.period);
    return period ? { period } : {};
  },
  loaderDeps: ({ search }) => ({ period: search.period ?? '30d' }),
  loader: ({ context, deps }) => prefetchPageData(context, [hotPhonesQuery(deps.period)]),
  component: HotPhonesRoute,
});

function HotPhonesRoute() {
  const { period = '30d' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HotPhonesPage
      period={period}
      onPeriod={(next) => void navigate({ search: { period: next }, replace: true })}
    />
  );
}
