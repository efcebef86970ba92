import { createFileRoute, notFound } from '@tanstack/react-router';
import { KitRoute } from '#src/routes/app/-kit-route.tsx';

// Template demo pages (spec section 2): known paths render, unknown ones are the error page.
export const Route = createFileRoute('/app/pages/$')({
  // The list of demo paths comes with the check, not with the route tree (decision 0025).
  beforeLoad: async ({ params }) => {
    const { isTemplateDemoRoute } = await import('#src/features/template-kit/template-routes.ts');
    if (!isTemplateDemoRoute('/app/pages', params._splat ?? '')) throw notFound();
  },
  component: DemoPage,
});

function DemoPage() {
  const { _splat } = Route.useParams();
  return <KitRoute path={`/app/pages/${_splat ?? ''}`} />;
}
