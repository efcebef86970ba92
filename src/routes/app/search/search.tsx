import { createFileRoute } from '@tanstack/react-router';
import { BlankPage } from '#src/features/shell/components/BlankPage.tsx';

// Spec section 2: /app/search/search is a blank page.
export const Route = createFileRoute('/app/search/search')({
  component: BlankPage,
});
