import { Badge } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { SurveySummary } from '#contract/schemas/template-kit.ts';

export const SURVEY_STATUSES: Record<SurveySummary['status'], MessageDescriptor> = {
  draft: msg`Draft`,
  active: msg`Collecting answers`,
  closed: msg`Closed`,
};
const COLORS = { draft: 'gray', active: 'teal', closed: 'red' } as const;

export function SurveyStatusBadge({ status }: { status: SurveySummary['status'] }) {
  const { i18n } = useLingui();
  return (
    <Badge color={COLORS[status]} variant="light">
      {i18n._(SURVEY_STATUSES[status])}
    </Badge>
  );
}
