import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { batchListQuery, deviceListQuery, monitorQuotaQuery } from '#src/features/repairs/api/repairs-api.ts';
import { RepairsPage } from '#src/features/repairs/components/RepairsPage.tsx';
import { CustomerIdField } from '#src/features/counter/components/CustomerIdField.tsx';
import { filtersFromSearch } from '#src/features/repairs/model.ts';
import { parseRepairListSearch } from '#src/features/dashboards/model/search.ts';

// `progress`, `watched`, `changed_today`: the list a dashboard figure counts (its click-through).
export const Route = createFileRoute('/app/maintenance/maintenance')({
  validateSearch: parseRepairListSearch,
  loaderDeps: ({ search }) => search,
  // The page's three lists as RepairsPage first asks for them: no keyword typed yet, first page.
  loader: ({ context, deps }) =>
    prefetchPageData(context, [
      batchListQuery(1, ''),
      deviceListQuery({ ...filtersFromSearch(deps), keyword: '' }, 1),
      monitorQuotaQuery(),
    ]),
  component: RepairsRoute,
});

function RepairsRoute() {
  const search = Route.useSearch();
  // Another link (another figure) starts the page again from its filters.
  // The intake picks the counter's customer: composed here, as features do not import each other.
  return (
    <RepairsPage
      key={JSON.stringify(search)}
      initialFilters={filtersFromSearch(search)}
      customerField={(onChange) => <CustomerIdField onChange={onChange} />}
    />
  );
}
