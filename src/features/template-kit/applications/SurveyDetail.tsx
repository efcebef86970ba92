import { Button, Group, List, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SurveySummary } from '#contract/schemas/template-kit.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { surveyDetailQuery, useSurveyStatus } from '../api/kit-api.ts';
import { KitPage } from '../components/KitPage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { SURVEY_STATUSES, SurveyStatusBadge } from './SurveyStatusBadge.tsx';

/** survey/{id}: one survey with its questions; an unknown id shows error:getSurveyItem. */
export function SurveyDetail({ id, title }: { id: number; title: string }) {
  const { t, i18n } = useLingui();
  const survey = useQuery(surveyDetailQuery(id));
  const setStatus = useSurveyStatus();
  const back = (
    <Button component={Link} to="/app/applications/survey" variant="light">
      <Trans>All surveys</Trans>
    </Button>
  );
  return (
    <KitPage title={title} actions={back}>
      {survey.isError ? (
        <LoadError code="error:getSurveyItem" />
      ) : survey.isPending ? (
        <Loader aria-label={t`Loading`} />
      ) : (
        <Paper withBorder p="lg" data-testid="survey-detail">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3} size="h4">
                #{survey.data.id} {survey.data.title}
              </Title>
              <SurveyStatusBadge status={survey.data.status} />
            </Group>
            <Text size="sm" c="dimmed">
              <Trans>
                Created by {survey.data.created_by} on {formatDateTime(survey.data.created_at, 'YYYY-MM-DD')}
              </Trans>
            </Text>
            <List type="ordered" spacing="xs">
              {survey.data.question_list.map((q) => (
                <List.Item key={q.position}>{q.text}</List.Item>
              ))}
            </List>
            <SegmentedControl
              value={survey.data.status}
              aria-label={t`Status`}
              onChange={(value) => setStatus.mutate({ id, status: value as SurveySummary['status'] })}
              data={Object.entries(SURVEY_STATUSES).map(([value, label]) => ({
                value,
                label: i18n._(label),
              }))}
            />
          </Stack>
        </Paper>
      )}
    </KitPage>
  );
}
