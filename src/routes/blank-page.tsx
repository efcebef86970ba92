import { createFileRoute } from '@tanstack/react-router';
import { BlankPage } from '#src/features/shell/components/BlankPage.tsx';

export const Route = createFileRoute('/blank-page')({
  component: BlankPage,
});
