import { useLingui } from '@lingui/react';
import { TemplatePage } from '#src/features/template-kit/components/TemplatePage.tsx';
import { PAGE_TITLES } from '#src/features/shell/page-titles.ts';
import { useCurrentUser } from '#src/features/auth/session.ts';

/** A template route's page (issue 14): the title from the shell's page titles, the page from the kit. */
export function KitRoute({ path }: { path: string }) {
  const { i18n } = useLingui();
  const user = useCurrentUser();
  const clean = path.replace(/\/+$/, '');
  // survey/{id} is titled like the survey list.
  const titled = /^\/app\/applications\/survey\/\d+$/.test(clean) ? '/app/applications/survey' : clean;
  const title = PAGE_TITLES[titled];
  return <TemplatePage path={clean} title={title ? i18n._(title) : clean} me={user?.id ?? 0} />;
}
