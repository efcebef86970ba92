import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '#src/features/counter/components/CustomersPage.tsx';

export const Route = createFileRoute('/app/customers/')({
  component: CustomersPage,
});
