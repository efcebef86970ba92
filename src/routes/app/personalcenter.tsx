import { createFileRoute } from '@tanstack/react-router';
import { prefetchPageData } from '#src/app/page-data.ts';
import { userCenterQuery } from '#src/features/account/api/account-api.ts';

// Kept alive (spec section 2): the /app layout draws the personal center itself and keeps it mounted
// while other pages show (src/routes/app.tsx), so this route only claims the path for the guard, the
// breadcrumb and the menu.
export const Route = createFileRoute('/app/personalcenter')({
  loader: ({ context }) => prefetchPageData(context, [userCenterQuery()]),
  component: () => null,
});
