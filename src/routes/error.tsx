import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '#src/features/shell/components/ErrorPage.tsx';

export const Route = createFileRoute('/error')({
  component: () => <ErrorPage code={404} />,
});
