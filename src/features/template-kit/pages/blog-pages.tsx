import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { POSTS } from '../content/posts.ts';
import { KitPage } from '../components/KitPage.tsx';

interface PageProps {
  title: string;
}

/** The shop's blog posts as cards. */
export function BlogList({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {POSTS.map((post) => (
          <Card key={post.id} withBorder padding="lg">
            <Card.Section h={8} bg={post.hue} />
            <Group justify="space-between" mt="md">
              <Badge variant="light">{i18n._(post.tag)}</Badge>
              <Text size="xs" c="dimmed">
                {post.date}
              </Text>
            </Group>
            <Title order={3} size="h4" mt="xs">
              {i18n._(post.title)}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {i18n._(post.excerpt)}
            </Text>
            <Anchor component={Link} to="/app/pages/blog/blog-detail" size="sm" mt="sm">
              <Trans>Read more</Trans>
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </KitPage>
  );
}

/** One blog post, in the typography styles rich text gets. */
export function BlogDetail({ title }: PageProps) {
  const { i18n } = useLingui();
  const post = POSTS[1]!;
  return (
    <KitPage title={title}>
      <Paper withBorder p="xl" maw={760}>
        <Stack gap="xs">
          <Group>
            <Badge variant="light">{i18n._(post.tag)}</Badge>
            <Text size="xs" c="dimmed">
              {post.date}
            </Text>
          </Group>
          <Title order={3}>{i18n._(post.title)}</Title>
          <Typography>
            <p>{i18n._(post.excerpt)}</p>
            <h4>
              <Trans>1. Who owns it</Trans>
            </h4>
            <p>
              <Trans>
                We run an activation lock check on the serial number. A phone still tied to someone's account
                goes back to the seller.
              </Trans>
            </p>
            <h4>
              <Trans>2. Which networks it works on</Trans>
            </h4>
            <p>
              <Trans>
                The carrier lock check tells us whether the phone takes any SIM card, or only one carrier's.
              </Trans>
            </p>
            <h4>
              <Trans>3. How it works</Trans>
            </h4>
            <p>
              <Trans>
                Screen, touch, cameras, speakers, microphones, buttons, charging and battery health: each is
                tested and written on the price tag.
              </Trans>
            </p>
          </Typography>
        </Stack>
      </Paper>
    </KitPage>
  );
}
