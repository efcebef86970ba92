import { createFileRoute } from '@tanstack/react-router';
import { RepairsPage } from '#src/features/repairs/components/RepairsPage.tsx';

export const Route = createFileRoute('/app/maintenance/maintenance')({
  component: RepairsPage,
});
