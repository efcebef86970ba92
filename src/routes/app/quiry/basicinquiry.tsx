import { createFileRoute } from '@tanstack/react-router';
import { BasicInquiry } from '#src/features/checks/components/BasicInquiry.tsx';
import { getCurrentUser, loadCurrentUser, useCurrentUser } from '#src/features/auth/session.ts';
import { openingOrderListQuery } from '#src/features/checks/api/orders-api.ts';
import { parseCreatedRangeSearch } from '#src/features/dashboards/model/search.ts';
import { prefetchPageData } from '#src/app/page-data.ts';
import {
  packageChecksQuery,
  serviceGroupsQuery,
  servicesQuery,
} from '#src/features/checks/api/catalogue-api.ts';
import { connectionStatusQuery } from '#src/lib/connections.ts';

// Kept alive (spec section 2): the page's state lives in the checks feature's draft store
// (model/inquiry-draft.ts, which logout clears), so it is still there when the user comes back.
// `created_from`/`created_to` (shop days): the orders a dashboard figure counts (its click-through).
export const Route = createFileRoute('/app/quiry/basicinquiry')({
  validateSearch: parseCreatedRangeSearch,
  loaderDeps: ({ search }) => search,
  // The catalogue the new-order panel prices with, the unused package checks it takes first, whether
  // checks are connected, and the order list as the kept draft (or a figure's days) opens it
  // (decision 0054).
  loader: ({ context, deps }) => {
    const user = getCurrentUser();
    const created =
      deps.created_from && deps.created_to ? { from: deps.created_from, to: deps.created_to } : null;
    prefetchPageData(context, [
      connectionStatusQuery(),
      serviceGroupsQuery(),
      servicesQuery(),
      packageChecksQuery(),
      ...(user ? [openingOrderListQuery(user.id, created)] : []),
    ]);
  },
  component: BasicInquiryRoute,
});

function BasicInquiryRoute() {
  const user = useCurrentUser();
  const { created_from, created_to } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return null;
  return (
    <BasicInquiry
      userId={user.id}
      created={created_from && created_to ? { from: created_from, to: created_to } : null}
      onClearCreated={() => void navigate({ search: {} })}
      // The stored user's integral is already divided by 100 (spec section 3).
      balance={Math.round(user.integral * 100)}
      onPlaced={() => void loadCurrentUser().catch(() => undefined)}
    />
  );
}
