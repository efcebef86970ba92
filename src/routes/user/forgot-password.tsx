import { createFileRoute } from '@tanstack/react-router';
import { PendingPage } from '#src/features/shell/components/PendingPage.tsx';

export const Route = createFileRoute('/user/forgot-password')({
  component: () => <PendingPage path="/user/forgot-password" />,
});
