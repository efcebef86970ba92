import { Suspense, lazy, useState } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardPeriod } from '#contract/values/dashboards.ts';
import { DataAsOf } from '#src/ui/DataAsOf.tsx';
import { phoneDetailQuery } from '../api/dashboards-api.ts';
import { FigureCard } from './DashLink.tsx';
import { DevicesTable } from './DevicesTable.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';
import { Empty, LoadFailed, Loading } from './QueryStates.tsx';
import { RangeText } from './RangeText.tsx';

const PhoneDetailCharts = lazy(() => import('../charts/PhoneDetailCharts.tsx'));

/** /app/dashboards/phoneDetail: one model, reached from hot phones (or typed in). */
export function PhoneDetailPage({
  model,
  period,
  onChange,
}: {
  model: string | undefined;
  period: DashboardPeriod;
  onChange(next: { model?: string; period: DashboardPeriod }): void;
}) {
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{model ?? <Trans>Phone detail</Trans>}</Title>
          <Anchor
            size="sm"
            renderRoot={(props) => <Link {...props} to="/app/dashboards/hotphone" search={{ period }} />}
          >
            <Trans>Back to hot phones</Trans>
          </Anchor>
        </div>
        <Group align="flex-end">
          <ModelField model={model} onModel={(next) => onChange({ model: next, period })} />
          <PeriodSwitch value={period} onChange={(next) => onChange({ model, period: next })} />
        </Group>
      </Group>
      {model ? (
        <ModelDetail key={model} model={model} period={period} />
      ) : (
        <Empty>
          <Trans>Pick a model in hot phones, or type its name above.</Trans>
        </Empty>
      )}
    </Stack>
  );
}

function ModelField({ model, onModel }: { model: string | undefined; onModel(model: string): void }) {
  const { t } = useLingui();
  const [text, setText] = useState(model ?? '');
  const submit = () => {
    const next = text.trim();
    if (next) onModel(next);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput
          label={t`Model`}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={100}
          w={220}
          data-testid="phone-model-input"
        />
        <Button type="submit" variant="default" data-testid="phone-model-open">
          <Trans>Show</Trans>
        </Button>
      </Group>
    </form>
  );
}

function ModelDetail({ model, period }: { model: string; period: DashboardPeriod }) {
  const { t } = useLingui();
  const query = useQuery(phoneDetailQuery(model, period));
  const data = query.data;
  if (!data) {
    return query.isError ? (
      <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <Loading />
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          <RangeText range={data.range} />
        </Text>
        <DataAsOf query={query} />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <FigureCard
          label={t`Devices checked`}
          value={String(data.total.value)}
          rawValue={data.total.value}
          link={data.total.link}
          testId="figure-model-devices"
        />
      </SimpleGrid>
      {data.total.value === 0 ? (
        <Empty>
          <Trans>No device of this model was checked in this period.</Trans>
        </Empty>
      ) : (
        <>
          <Suspense fallback={<Loading />}>
            <PhoneDetailCharts data={data} />
          </Suspense>
          <Title order={3} size="h5">
            <Trans>Its devices</Trans>
          </Title>
          <DevicesTable filter={{ from: data.range.from, to: data.range.to, model: [data.model] }} />
        </>
      )}
    </Stack>
  );
}
