import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '#src/features/shell/components/PendingPage.tsx';

export const Route = createFileRoute('/app/maintenance/orderDetail')({
  component: () => <PendingPage path="/app/maintenance/orderDetail" />,
});
