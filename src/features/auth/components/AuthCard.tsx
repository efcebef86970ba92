import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageMenu } from '#src/ui/LanguageMenu.tsx';

/**
 * The frame of the signed-out pages (register, forgot and reset password; the sign-in page has its
 * own, without Mantine), with the language menu in the top corner.
 */
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
    <Center mih="100vh" p="md" py={56} pos="relative" bg="var(--mantine-color-body)">
      <Box
        pos="absolute"
        style={{ insetBlockStart: 'var(--mantine-spacing-md)', insetInlineEnd: 'var(--mantine-spacing-md)' }}
      >
        <LanguageMenu />
      </Box>
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
