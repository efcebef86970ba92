import { createFileRoute, redirect } from '@tanstack/react-router';
import { LANDING_PATH } from '#src/features/shell/landing.ts';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: LANDING_PATH });
  },
});
