import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** Spec section 2: 'Ooops... looks like an error occurred!', an 'Error code' label and 'GO BACK HOME'. */
export function ErrorPage({ code = 404 }: { code?: number | string }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" data-testid="error-page">
        <Title order={1} ta="center">
          <Trans>Ooops... looks like an error occurred!</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Error code</Trans>
        </Text>
        <Text fz={48} fw={700} c="var(--mantine-primary-color-filled)" data-testid="error-code">
          {code}
        </Text>
        <Button component={Link} to="/" size="md">
          <Trans>GO BACK HOME</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
