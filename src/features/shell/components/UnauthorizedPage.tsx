import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

/** Spec section 2: the unauthorized page's title and text. */
export function UnauthorizedPage() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={520}>
        <Title order={1} ta="center">
          <Trans>Unauthorized Access Attempt</Trans>
        </Title>
        <Text ta="center">
          <Trans>You are not authorized to view the page you are trying to access.</Trans>
        </Text>
        <Button component={Link} to="/" variant="light">
          <Trans>GO BACK HOME</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
