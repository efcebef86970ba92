import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A titled card around one chart; the chart is described to screen readers by its link list. */
export function ChartCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId} component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
