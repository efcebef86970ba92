import { createFileRoute } from '@tanstack/react-router';
import { PhoneDetailPage } from '#src/features/dashboards/components/PhoneDetailPage.tsx';
import { parsePeriod } from '#src/features/dashboards/model/search.ts';
import type { DashboardPeriod } from '#contract/values/dashboards.ts';

interface PhoneDetailSearch {
  model?: string;
  period?: DashboardPeriod;
}

export const Route = createFileRoute('/app/dashboards/phoneDetail')({
  validateSearch: (search: Record<string, unknown>): PhoneDetailSearch => {
    const out: PhoneDetailSearch = {};
    // A model name may be all digits in a hand-edited URL: the router then reads a number.
    const model = typeof search.model === 'number' ? String(search.model) : search.model;
    if (typeof model === 'string' && model.trim() && model.length <= 100) out.model = model.trim();
    const period = parsePeriod(search.period);
    if (period) out.period = period;
    return out;
  },
  component: PhoneDetailRoute,
});

function PhoneDetailRoute() {
  const { model, period = '30d' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PhoneDetailPage
      model={model}
      period={period}
      // A new model is a new entry (Back returns to the previous one); a new period replaces it.
      onChange={(next) => void navigate({ search: next, replace: next.model === model })}
    />
  );
}
