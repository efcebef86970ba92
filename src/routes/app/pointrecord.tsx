import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { pointRecordQuery } from '#src/features/wallet/api/ledger-api.ts';
import { WalletRecords, type RecordView } from '#src/features/wallet/components/WalletRecords.tsx';

// A hidden menu entry (spec section 2): reached from the personal center, the shopping center and by
// its path. `view=purchases` shows the purchase record beside it.
export const Route = createFileRoute('/app/pointrecord')({
  validateSearch: (search: Record<string, unknown>): { view?: RecordView } =>
    search.view === 'purchases' ? { view: 'purchases' } : {},
  loaderDeps: ({ search }) => ({ view: search.view ?? 'points' }),
  loader: ({ context, deps }) =>
    prefetchPageData(context, deps.view === 'points' ? [pointRecordQuery(1, null)] : []),
  component: PointRecordRoute,
});

function PointRecordRoute() {
  const { view = 'points' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WalletRecords
      view={view}
      onView={(next) => void navigate({ search: next === 'purchases' ? { view: next } : {}, replace: true })}
    />
  );
}
