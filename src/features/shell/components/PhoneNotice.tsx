import { Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { shopContactQuery } from '../api/shop-contact.ts';

/**
 * The blank page as a phone sees it (spec section 1 sends phones there): the route stays, but it says
 * why, in the user's language, and whom to ask (issue 27: a white page without a word). The shop's
 * contact when the phone is signed in and the shop gave one; otherwise a plain sentence.
 */
export function PhoneNotice({ signedIn }: { signedIn: boolean }) {
  const contact = useQuery({ ...shopContactQuery(), enabled: signedIn });
  const name = contact.data?.name ?? '';
  const phone = contact.data?.phone ?? '';
  return (
    <Center mih="100vh" p="lg" data-testid="phone-notice">
      <Stack maw={420} gap="sm">
        <Title order={1} size="h3">
          <Trans>This back-office works on computers and tablets</Trans>
        </Title>
        <Text>
          <Trans>
            Phone screens are too small for its tables and forms. Please open it on a computer or a tablet.
          </Trans>
        </Text>
        {name || phone ? (
          <Text data-testid="phone-notice-contact">
            <Trans>
              Questions: {name} {phone}
            </Trans>
          </Text>
        ) : (
          <Text c="dimmed">
            <Trans>For help, ask the shop that gave you your account.</Trans>
          </Text>
        )}
      </Stack>
    </Center>
  );
}
