import { createFileRoute } from '@tanstack/react-router';
import { TicketsPage } from '#src/features/counter/components/TicketsPage.tsx';

export const Route = createFileRoute('/app/tickets/')({
  component: TicketsPage,
});
