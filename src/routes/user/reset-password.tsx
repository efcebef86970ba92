import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '#src/features/shell/components/PendingPage.tsx';

export const Route = createFileRoute('/user/reset-password')({
  component: () => <PendingPage path="/user/reset-password" />,
});
