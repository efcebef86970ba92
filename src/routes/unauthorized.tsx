import { createFileRoute } from '@tanstack/react-router';
import { UnauthorizedPage } from '#src/features/shell/components/UnauthorizedPage.tsx';

export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});
