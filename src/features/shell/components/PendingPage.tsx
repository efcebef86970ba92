import { Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { PAGE_TITLES } from '../page-titles.ts';

/** A page whose feature is planned but not built yet: it says so instead of pretending. */
export function PendingPage({ path }: { path: string }) {
  const { i18n } = useLingui();
  const title = PAGE_TITLES[path];
  return (
    <Stack p="md" data-testid="pending-page">
      <Title order={2}>{title ? i18n._(title) : path}</Title>
      <Paper withBorder p="lg">
        <Text c="dimmed">
          <Trans>This part of RepairOps is being built and will open here soon.</Trans>
        </Text>
      </Paper>
    </Stack>
  );
}
