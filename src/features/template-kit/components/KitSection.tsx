import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';

/** A titled, bordered block of a template page's demos. */
export function KitSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
