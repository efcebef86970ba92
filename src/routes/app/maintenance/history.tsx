import { createFileRoute } from '@tanstack/react-router';
import { HistoryPage } from '#src/features/repairs/components/HistoryPage.tsx';

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
  component: HistoryRoute,
});

function HistoryRoute() {
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HistoryPage key={q} q={q} onSearch={(next) => void navigate({ search: next ? { q: next } : {} })} />
  );
}
