import { createFileRoute, notFound } from '@tanstack/react-router';
import { Text } from '@mantine/core';
import { isTemplateDemoRoute } from '#src/features/shell/template-demo-routes.ts';

// Template demo pages (spec section 2): known paths render, unknown ones are the error page.
export const Route = createFileRoute('/app/ui/$')({
  beforeLoad: ({ params }) => {
    if (!isTemplateDemoRoute('/app/ui', params._splat ?? '')) throw notFound();
  },
  component: DemoPage,
});

function DemoPage() {
  const { _splat } = Route.useParams();
  return <Text c="dimmed">/app/ui/{_splat}</Text>;
}
