import { createFileRoute } from '@tanstack/react-router';
import { HistoryPage } from '#src/features/repairs/components/HistoryPage.tsx';
import { prefetchPageData } from '#src/app/page-data.ts';
import { deviceHistoryQuery } from '#src/features/repairs/api/repairs-api.ts';

interface HistorySearch {
  q?: string;
}

/** `q` is the SN or IMEI (other screens link here by URL, e.g. a check result row). */
function parseHistorySearch(search: Record<string, unknown>): HistorySearch {
  const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).trim() : '';
  return q ? { q: q.slice(0, 64) } : {};
}

export const Route = createFileRoute('/app/maintenance/history')({
  validateSearch: parseHistorySearch,
  // The device's timeline when the URL names one (decision 0054); nothing to ask for without.
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: ({ context, deps }) =>
    deps.q ? prefetchPageData(context, [deviceHistoryQuery(deps.q)]) : undefined,
  component: HistoryRoute,
});

function HistoryRoute() {
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HistoryPage key={q} q={q} onSearch={(next) => void navigate({ search: next ? { q: next } : {} })} />
  );
}
