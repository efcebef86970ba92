import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { ApiError } from '#src/lib/api/errors.ts';
import { localizedErrorMessage } from '#src/lib/api/error-messages.ts';

/** While the first answer is on its way (later ones keep the previous figures on screen). */
export function Loading() {
  return (
    <Group justify="center" p="xl" data-testid="dashboard-loading">
      <Loader />
    </Group>
  );
}

/** The figures could not be loaded and none are cached: why, and a way to try again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const reason =
    error instanceof ApiError ? localizedErrorMessage(error.errcode, error.message, error.datas) : null;
  return (
    <Alert
      color="red"
      role="alert"
      data-testid="dashboard-error"
      title={<Trans>The dashboard could not be loaded.</Trans>}
    >
      {reason && <Text size="sm">{reason}</Text>}
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry} data-testid="dashboard-retry">
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}

/** Nothing counted in the period. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder p="lg" data-testid="dashboard-empty">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}
