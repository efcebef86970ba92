import { createFileRoute, notFound } from '@tanstack/react-router';
import { KitRoute } from '#src/routes/app/-kit-route.tsx';
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
  return <KitRoute path={`/app/ui/${_splat ?? ''}`} />;
}
