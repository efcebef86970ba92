import { createFileRoute } from '@tanstack/react-router';
import { DownloadCenter } from '#src/features/exports/components/DownloadCenter.tsx';

export const Route = createFileRoute('/app/downloadCenter')({
  component: DownloadCenter,
});
