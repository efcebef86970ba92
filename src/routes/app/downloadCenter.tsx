import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { exportListQuery } from '#src/features/exports/api/exports-api.ts';
import { DownloadCenter } from '#src/features/exports/components/DownloadCenter.tsx';

export const Route = createFileRoute('/app/downloadCenter')({
  loader: ({ context }) => prefetchPageData(context, [exportListQuery()]),
  component: DownloadCenter,
});
