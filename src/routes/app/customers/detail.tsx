import { createFileRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from '#src/features/counter/components/CustomerDetailPage.tsx';

interface DetailSearch {
  id?: number;
}

/** `id` must be a positive integer; anything else is dropped (the page then says so). */
function parseDetailSearch(search: Record<string, unknown>): DetailSearch {
  const id = Number(search.id);
  return Number.isSafeInteger(id) && id > 0 ? { id } : {};
}

export const Route = createFileRoute('/app/customers/detail')({
  validateSearch: parseDetailSearch,
  component: CustomerDetailRoute,
});

function CustomerDetailRoute() {
  const { id } = Route.useSearch();
  return <CustomerDetailPage key={id} customerId={id} />;
}
