import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { KIT_PAGES, SurveyDetailPage } from '../pages-registry.ts';

/**
 * One template page by its path (the routes' splat), loaded on demand. survey/{id} is the survey
 * detail. The route has already refused unknown paths (template-routes.ts).
 */
export function TemplatePage({ path, title, me }: { path: string; title: string; me: number }) {
  const { t } = useLingui();
  const survey = /^\/app\/applications\/survey\/(\d+)$/.exec(path);
  const Page = KIT_PAGES[path];
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader aria-label={t`Loading`} />
        </Center>
      }
    >
      {survey ? (
        <SurveyDetailPage id={Number(survey[1])} title={title} />
      ) : Page ? (
        <Page title={title} me={me} />
      ) : null}
    </Suspense>
  );
}
