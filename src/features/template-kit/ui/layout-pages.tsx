// The template kit's layout and navigation components (spec section 2, UI > components): cards, collapse, dropdowns, input groups, jumbotron, navigation, tables.
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Collapse,
  Group,
  Menu,
  NavLink,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconDeviceMobile,
  IconDots,
  IconPrinter,
  IconShoppingCart,
  IconTool,
  IconTrash,
} from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHONES, REPAIR_SERVICES, formatYuan } from '../content/catalog.ts';
import { KitPage } from '../components/KitPage.tsx';
import { KitSection } from '../components/KitSection.tsx';

interface PageProps {
  title: string;
}

export function Cards({ title }: PageProps) {
  const { t, i18n } = useLingui();
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {REPAIR_SERVICES.slice(0, 6).map((s) => {
          const minutes = s.minutes;
          return (
            <Card key={s.id} withBorder padding="lg">
              <Group justify="space-between">
                <ThemeIcon variant="light" size="lg">
                  <IconTool size={18} aria-hidden />
                </ThemeIcon>
                <Badge variant="light">{formatYuan(s.price, i18n.locale)}</Badge>
              </Group>
              <Text fw={600} mt="sm">
                {i18n._(s.name)}
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>About {minutes} minutes</Trans>
              </Text>
              <Button variant="light" fullWidth mt="md">
                {t`Book`}
              </Button>
            </Card>
          );
        })}
      </SimpleGrid>
    </KitPage>
  );
}

export function CollapsePage({ title }: PageProps) {
  const [opened, setOpened] = useState<string | null>('A15P-256');
  return (
    <KitPage title={title}>
      <Stack gap="xs">
        {PHONES.slice(0, 4).map((p) => (
          <Paper key={p.sku} withBorder p="sm">
            <Button
              variant="subtle"
              fullWidth
              justify="space-between"
              rightSection={<IconChevronDown size={16} aria-hidden />}
              onClick={() => setOpened((o) => (o === p.sku ? null : p.sku))}
              aria-expanded={opened === p.sku}
            >
              {p.model}
            </Button>
            <Collapse expanded={opened === p.sku}>
              <Text size="sm" p="sm">
                <Trans>
                  IMEI {p.imei} · battery {p.battery}% · {p.storage} GB
                </Trans>
              </Text>
            </Collapse>
          </Paper>
        ))}
      </Stack>
    </KitPage>
  );
}

export function Dropdowns({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Group>
        <Menu shadow="md" width={220}>
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} aria-hidden />}>{t`Repair actions`}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t`Repair`}</Menu.Label>
            <Menu.Item leftSection={<IconPrinter size={14} aria-hidden />}>{t`Print the label`}</Menu.Item>
            <Menu.Item leftSection={<IconCheck size={14} aria-hidden />}>{t`Mark as done`}</Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />}>
              {t`Delete`}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t`More`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>{t`Copy IMEI`}</Menu.Item>
            <Menu.Item>{t`Open device history`}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </KitPage>
  );
}

export function InputGroups({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Paper withBorder p="lg" maw={560}>
        <Stack gap="sm">
          <TextInput label={t`Price`} leftSection="¥" rightSection=".00" rightSectionWidth={40} />
          <TextInput label={t`Storage`} rightSection="GB" rightSectionWidth={40} />
          <TextInput
            label={t`IMEI or serial number`}
            leftSection={<IconDeviceMobile size={16} aria-hidden />}
            rightSectionWidth={90}
            rightSection={
              <Button size="compact-sm" variant="light">
                {t`Check`}
              </Button>
            }
          />
          <TextInput label={t`Customer e-mail`} rightSection="@" />
        </Stack>
      </Paper>
    </KitPage>
  );
}

export function Jumbotron({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Paper p="xl" radius="md" style={{ background: 'var(--mantine-primary-color-light)' }}>
        <Title order={3} size="h1">
          <Trans>Fixed today, or it is free</Trans>
        </Title>
        <Text size="lg" mt="sm" maw={620}>
          <Trans>
            Screens and batteries for the popular models are always in stock. Drop your phone off before
            15:00.
          </Trans>
        </Text>
        <Group mt="lg">
          <Button size="md">{t`Book a repair`}</Button>
          <Button size="md" variant="default">
            {t`See prices`}
          </Button>
        </Group>
      </Paper>
    </KitPage>
  );
}

export function Navigation({ title }: PageProps) {
  const { t } = useLingui();
  const [page, setPage] = useState(2);
  return (
    <KitPage title={title}>
      <KitSection title={<Trans>Breadcrumbs</Trans>}>
        <Breadcrumbs>
          <Anchor>{t`Repairs`}</Anchor>
          <Anchor>R-20261122-07</Anchor>
          <Text>{t`Photos`}</Text>
        </Breadcrumbs>
      </KitSection>
      <KitSection title={<Trans>Tabs</Trans>}>
        <Tabs defaultValue="open">
          <Tabs.List>
            <Tabs.Tab value="open">{t`Open`}</Tabs.Tab>
            <Tabs.Tab value="waiting">{t`Waiting for parts`}</Tabs.Tab>
            <Tabs.Tab value="done">{t`Done`}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="open" pt="sm">
            <Text size="sm">{t`3 repairs on the bench.`}</Text>
          </Tabs.Panel>
          <Tabs.Panel value="waiting" pt="sm">
            <Text size="sm">{t`1 repair waits for a screen.`}</Text>
          </Tabs.Panel>
          <Tabs.Panel value="done" pt="sm">
            <Text size="sm">{t`12 repairs done this week.`}</Text>
          </Tabs.Panel>
        </Tabs>
      </KitSection>
      <KitSection title={<Trans>Pagination and links</Trans>}>
        <Pagination
          total={8}
          value={page}
          onChange={setPage}
          aria-label={t({ message: 'Pages', context: 'pagination' })}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t`Next page` : t`Previous page`,
          })}
        />
        <Stack gap={0} mt="sm" maw={260}>
          <NavLink label={t`Repairs`} leftSection={<IconTool size={16} aria-hidden />} active />
          <NavLink label={t`Shopping`} leftSection={<IconShoppingCart size={16} aria-hidden />} />
        </Stack>
      </KitSection>
    </KitPage>
  );
}

export function Tables({ title }: PageProps) {
  const { t, i18n } = useLingui();
  const rows = PHONES.slice(0, 4);
  const table = (props: { striped?: boolean; withTableBorder?: boolean; withColumnBorders?: boolean }) => (
    <Table {...props}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Model`}</Table.Th>
          <Table.Th>{t`Storage`}</Table.Th>
          <Table.Th style={{ textAlign: 'end' }}>{t`Price`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((p) => (
          <Table.Tr key={p.sku}>
            <Table.Td>{p.model}</Table.Td>
            <Table.Td>{p.storage} GB</Table.Td>
            <Table.Td style={{ textAlign: 'end' }}>{formatYuan(p.price, i18n.locale)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <KitPage title={title}>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <KitSection title={<Trans>Basic</Trans>}>{table({})}</KitSection>
        <KitSection title={<Trans>Striped</Trans>}>{table({ striped: true })}</KitSection>
        <KitSection title={<Trans>Bordered</Trans>}>
          {table({ withTableBorder: true, withColumnBorders: true })}
        </KitSection>
      </SimpleGrid>
    </KitPage>
  );
}
