import { useState } from 'react';
import {
  Accordion,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBattery2, IconBook, IconDeviceMobile, IconLock, IconSearch } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONES, REPAIR_SERVICES, formatYuan } from '../content/catalog.ts';
import { POSTS } from '../content/posts.ts';
import { Ltr } from '#src/ui/Ltr.tsx';
import { KitPage } from '../components/KitPage.tsx';

interface PageProps {
  title: string;
}

const FAQ = [
  {
    q: msg`How long does a screen replacement take?`,
    a: msg`About an hour for most models. Book a slot and we keep the part ready.`,
  },
  {
    q: msg`Do you keep my data?`,
    a: msg`No. We never open your photos or messages; a repair that needs your passcode is done in front of you.`,
  },
  {
    q: msg`Is there a warranty on repairs?`,
    a: msg`Every repair carries a 90-day warranty on the part and the work.`,
  },
  {
    q: msg`Do you buy used phones?`,
    a: msg`Yes: we check the activation lock and the network lock, then make an offer on the spot.`,
  },
];

/** Questions customers ask at the counter. */
export function Faq({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title}>
      <Accordion variant="separated" defaultValue="0">
        {FAQ.map((item, i) => (
          <Accordion.Item key={i} value={String(i)}>
            <Accordion.Control>{i18n._(item.q)}</Accordion.Control>
            <Accordion.Panel>{i18n._(item.a)}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </KitPage>
  );
}

const TOPICS = [
  { icon: IconDeviceMobile, title: msg`Screens and displays`, articles: 14 },
  { icon: IconBattery2, title: msg`Batteries and charging`, articles: 9 },
  { icon: IconLock, title: msg`Locks and activation`, articles: 7 },
  { icon: IconBook, title: msg`Shop procedures`, articles: 11 },
];

/** The technicians' knowledge base by topic. */
export function KnowledgeBase({ title }: PageProps) {
  const { t, i18n } = useLingui();
  return (
    <KitPage title={title} intro={<Trans>Repair guides and shop procedures for the team.</Trans>}>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        aria-label={t`Search the knowledge base`}
        placeholder={t`Search the knowledge base`}
        maw={420}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {TOPICS.map(({ icon: Icon, title: topic, articles }) => (
          <Card key={topic.id} withBorder>
            <Group>
              <Icon size={32} aria-hidden />
              <div>
                <Text fw={600}>{i18n._(topic)}</Text>
                <Text size="sm" c="dimmed">
                  <Trans>{articles} articles</Trans>
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </KitPage>
  );
}

/** A search page over the stock, the services and the blog. */
export function SearchPage({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('iPhone');
  const q = query.trim().toLowerCase();
  const phones = PHONES.filter((p) => q && `${p.brand} ${p.model}`.toLowerCase().includes(q));
  const services = REPAIR_SERVICES.filter((s) => q && i18n._(s.name).toLowerCase().includes(q));
  const posts = POSTS.filter((p) => q && `${i18n._(p.title)} ${i18n._(p.excerpt)}`.toLowerCase().includes(q));
  const total = phones.length + services.length + posts.length;
  return (
    <KitPage title={title}>
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        aria-label={t`Search`}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        maw={420}
      />
      <Text size="sm" c="dimmed">
        <Trans>{total} results</Trans>
      </Text>
      <Stack gap="xs">
        {phones.map((p) => (
          <Paper key={p.sku} withBorder p="sm">
            <Badge variant="light" mb={4}>{t`Stock`}</Badge>
            <Text fw={600}>
              <Ltr>{p.model}</Ltr> · <Ltr>{p.storage} GB</Ltr> — <Ltr>{formatYuan(p.price, i18n.locale)}</Ltr>
            </Text>
          </Paper>
        ))}
        {services.map((s) => (
          <Paper key={s.id} withBorder p="sm">
            <Badge variant="light" color="grape" mb={4}>
              {t`Repair`}
            </Badge>
            <Text fw={600}>{i18n._(s.name)}</Text>
          </Paper>
        ))}
        {posts.map((p) => (
          <Paper key={p.id} withBorder p="sm">
            <Badge variant="light" color="teal" mb={4}>
              {t`Blog`}
            </Badge>
            <Text fw={600}>{i18n._(p.title)}</Text>
          </Paper>
        ))}
      </Stack>
    </KitPage>
  );
}

/** An e-mail to a customer whose repair is ready, as the mailing would send it. */
export function Mailing({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const [audience, setAudience] = useState<string | null>('ready');
  return (
    <KitPage title={title} intro={<Trans>Messages the shop sends to its customers.</Trans>}>
      <Group align="flex-end">
        <Select
          label={t`Recipients`}
          value={audience}
          onChange={setAudience}
          data={[
            { value: 'ready', label: t`Customers whose repair is ready` },
            { value: 'warranty', label: t`Customers whose warranty ends this month` },
          ]}
          w={320}
        />
        <Button>
          <Trans>Send test e-mail</Trans>
        </Button>
      </Group>
      <Paper withBorder p="xl" maw={640}>
        <Text size="sm" c="dimmed">
          <Trans>Subject: Your phone is ready for pick-up</Trans>
        </Text>
        <Divider my="sm" />
        <Title order={3} size="h4">
          <Trans>Hello, your repair is done!</Trans>
        </Title>
        <Text mt="sm">
          <Trans>
            Your iPhone 14 has a new screen and passed all our tests. Come by any day from 10:00 to 21:00;
            bring this e-mail or your repair number.
          </Trans>
        </Text>
        <Text mt="sm" fw={600}>
          {i18n._(REPAIR_SERVICES[0]!.name)}: <Ltr>{formatYuan(REPAIR_SERVICES[0]!.price, i18n.locale)}</Ltr>
        </Text>
        <Button mt="md" variant="filled">
          <Trans>See the repair</Trans>
        </Button>
        <Text size="xs" c="dimmed" mt="lg">
          <Trans>You receive this e-mail because you left your phone for repair with us.</Trans>{' '}
          <Anchor size="xs">{t`Unsubscribe`}</Anchor>
        </Text>
      </Paper>
    </KitPage>
  );
}
