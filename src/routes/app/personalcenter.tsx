import { createFileRoute } from '@tanstack/react-router';

// Kept alive (spec section 2): the /app layout draws the personal center itself and keeps it mounted
// while other pages show (src/routes/app.tsx), so this route only claims the path for the guard, the
// breadcrumb and the menu.
export const Route = createFileRoute('/app/personalcenter')({
  component: () => null,
});
