import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** A template page's frame: its title, an optional line saying what it shows, and its content. */
export function KitPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" data-testid="kit-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{title}</Title>
          {intro && (
            <Text c="dimmed" size="sm" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}
