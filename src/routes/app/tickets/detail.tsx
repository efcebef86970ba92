import { createFileRoute } from '@tanstack/react-router';
import { Role } from '#contract/roles.ts';
import { useCurrentUser } from '#src/features/auth/session.ts';
import { TicketDetailPage } from '#src/features/counter/components/TicketDetailPage.tsx';

interface DetailSearch {
  id?: number;
}

/** `id` must be a positive integer; anything else is dropped (the page then says so). */
function parseDetailSearch(search: Record<string, unknown>): DetailSearch {
  const id = Number(search.id);
  return Number.isSafeInteger(id) && id > 0 ? { id } : {};
}

export const Route = createFileRoute('/app/tickets/detail')({
  validateSearch: parseDetailSearch,
  component: TicketDetailRoute,
});

// The route composes the signed-in user's role (auth) with the counter's page: features do not import each other.
function TicketDetailRoute() {
  const { id } = Route.useSearch();
  const admin = useCurrentUser()?.role === Role.Admin;
  return <TicketDetailPage key={id} ticketId={id} admin={admin} />;
}
