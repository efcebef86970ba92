import type { ReactNode } from 'react';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** One part of a customer's history (CustomerHistory.tsx): its title, then its table or "None yet". */
export function CustomerHistorySection({
  title,
  testId,
  empty,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {empty ? (
          <Text c="dimmed" size="sm">{t`None yet`}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>{children}</Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
