import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDeviceMobile, IconStar, IconTool } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONES, REPAIR_SERVICES } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';
import { PhoneImage } from '../components/PhoneImage.tsx';

interface PageProps {
  title: string;
}

function ProfileHeader() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="lg">
      <Group>
        <Avatar size={72} radius="xl" color="blue" alt="">
          {t`Wang`.slice(0, 1)}
        </Avatar>
        <div style={{ flex: 1 }}>
          <Title order={3}>{t`Master Wang`}</Title>
          <Text c="dimmed" size="sm">
            <Trans>Senior technician · 12 years of board-level repair</Trans>
          </Text>
          <Group gap={6} mt={6}>
            <Badge variant="light">{t`Micro-soldering`}</Badge>
            <Badge variant="light">{t`Face ID`}</Badge>
            <Badge variant="light">{t`Data recovery`}</Badge>
          </Group>
        </div>
        <Button variant="light">
          <Trans>Follow</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

/** A technician's social profile: stats and a feed of recent work. */
export function Social({ title }: PageProps) {
  const stats = [
    { icon: IconTool, value: '1,284', label: <Trans>Repairs done</Trans> },
    { icon: IconStar, value: '4.9', label: <Trans>Customer rating</Trans> },
    { icon: IconDeviceMobile, value: '312', label: <Trans>Phones refurbished</Trans> },
  ];
  return (
    <KitPage title={title}>
      <ProfileHeader />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {stats.map(({ icon: Icon, value, label }) => (
          <Paper key={value} withBorder p="md">
            <Group>
              <Icon aria-hidden />
              <div>
                <Text fw={700} size="xl">
                  {value}
                </Text>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </div>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="lg">
        <Title order={4} mb="sm">
          <Trans>Recent activity</Trans>
        </Title>
        <Timeline active={2} bulletSize={20}>
          <Timeline.Item title={<Trans>Replaced a cracked screen on an iPhone 14</Trans>}>
            <Text size="xs" c="dimmed">
              <Trans>Today</Trans>
            </Text>
          </Timeline.Item>
          <Timeline.Item title={<Trans>Recovered photos from a water-damaged Galaxy S24</Trans>}>
            <Text size="xs" c="dimmed">
              <Trans>Yesterday</Trans>
            </Text>
          </Timeline.Item>
          <Timeline.Item title={<Trans>Trained two new technicians on battery safety</Trans>}>
            <Text size="xs" c="dimmed">
              <Trans>Last week</Trans>
            </Text>
          </Timeline.Item>
        </Timeline>
      </Paper>
    </KitPage>
  );
}

/** A technician's portfolio: refurbished phones and the services offered. */
export function Portfolio({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title}>
      <ProfileHeader />
      <Title order={4}>
        <Trans>Refurbished phones</Trans>
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {PHONES.slice(0, 4).map((p) => (
          <Card key={p.sku} withBorder>
            <Stack align="center" gap={4}>
              <PhoneImage hue={p.hue} size={100} />
              <Text fw={600} size="sm">
                {p.model}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Title order={4}>
        <Trans>Services</Trans>
      </Title>
      <Group gap="xs">
        {REPAIR_SERVICES.map((s) => (
          <Badge key={s.id} size="lg" variant="outline">
            {i18n._(s.name)}
          </Badge>
        ))}
      </Group>
    </KitPage>
  );
}
