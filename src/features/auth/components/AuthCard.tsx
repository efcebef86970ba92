import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';

/** The frame of the signed-out pages: sign in, register, forgot and reset password. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="sm" p="xl" w={440} maw="100%" component="main">
        <Stack>
          <div>
            <Title order={1} fz="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
