import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SURVEY_TITLE_MAX } from '#contract/values/template-kit.ts';
import { formatDateTime } from '#src/lib/dates.ts';
import { surveyListQuery, useAddSurvey } from '../api/kit-api.ts';
import { KitPage } from '../components/KitPage.tsx';
import { LoadError } from '../components/LoadError.tsx';
import { SurveyStatusBadge } from './SurveyStatusBadge.tsx';

/** The shop's surveys (customer satisfaction after a repair, say), and a form to start one. */
export function SurveyList({ title }: { title: string }) {
  const { t } = useLingui();
  const list = useQuery(surveyListQuery());
  const addSurvey = useAddSurvey();
  const [name, setName] = useState('');
  const [questions, setQuestions] = useState('');
  const [errors, setErrors] = useState<{ title?: string; questions?: string }>({});

  const submit = () => {
    const lines = questions
      .split('\n')
      .map((q) => q.trim())
      .filter(Boolean);
    const next = {
      ...(name.trim() ? {} : { title: t`Please enter a title` }),
      ...(lines.length ? {} : { questions: t`Please enter at least one question` }),
    };
    setErrors(next);
    if (next.title || next.questions) return;
    addSurvey.mutate(
      { title: name.trim(), questions: lines.slice(0, 20) },
      {
        onSuccess: () => {
          setName('');
          setQuestions('');
        },
      },
    );
  };

  return (
    <KitPage
      title={title}
      intro={<Trans>Ask customers about their repair; each survey has its own page.</Trans>}
    >
      <Paper withBorder p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t`Survey title`}
              placeholder={t`e.g. How was your screen repair?`}
              value={name}
              maxLength={SURVEY_TITLE_MAX}
              error={errors.title}
              onChange={(event) => setName(event.currentTarget.value)}
              data-testid="survey-title"
            />
            <Textarea
              label={t`Questions, one per line`}
              autosize
              minRows={2}
              value={questions}
              error={errors.questions}
              onChange={(event) => setQuestions(event.currentTarget.value)}
              data-testid="survey-questions"
            />
            <Group>
              <Button type="submit" loading={addSurvey.isPending} data-testid="survey-add">
                <Trans>Create survey</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {list.isError && !list.data ? (
        <LoadError code="error:getSurveyItem" onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loader aria-label={t`Loading`} />
      ) : list.data.list.length === 0 ? (
        <Text c="dimmed">
          <Trans>No survey yet.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" data-testid="survey-list">
          {list.data.list.map((s) => {
            const count = s.questions;
            return (
              <Paper key={s.id} withBorder p="sm" data-testid="survey-row">
                <Group justify="space-between">
                  <div>
                    <Text
                      component={Link}
                      to={`/app/applications/survey/${s.id}`}
                      fw={600}
                      c="var(--mantine-color-anchor)"
                    >
                      #{s.id} {s.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <Trans>
                        {count} questions · by {s.created_by} · {formatDateTime(s.created_at, 'YYYY-MM-DD')}
                      </Trans>
                    </Text>
                  </div>
                  <SurveyStatusBadge status={s.status} />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Badge variant="outline" color="gray" style={{ alignSelf: 'flex-start' }}>
        <Trans>Ids are the highest existing id plus one</Trans>
      </Badge>
    </KitPage>
  );
}
