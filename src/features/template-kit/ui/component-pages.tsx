import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Collapse,
  Group,
  Menu,
  Modal,
  NavLink,
  Pagination,
  Paper,
  Popover,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconBattery2,
  IconCheck,
  IconChevronDown,
  IconCurrencyYuan,
  IconDeviceMobile,
  IconDots,
  IconInfoCircle,
  IconLock,
  IconPackage,
  IconPackageImport,
  IconPrinter,
  IconSearch,
  IconShoppingCart,
  IconTool,
  IconTrash,
  IconTruckDelivery,
  IconX,
} from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '#src/ui/notify.ts';
import { PHONES, REPAIR_SERVICES, formatYuan } from '../content/catalog.ts';
import { KitBadge } from '../components/KitBadge.tsx';
import { KitPage } from '../components/KitPage.tsx';
import { DEMO_ERROR_ICON_MS, DEMO_SPINNER_MS, wait } from '../demo-timings.ts';

interface PageProps {
  title: string;
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Alerts and the product's notifications (2 s by default, spec section 9). */
export function Alerts({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Section title={<Trans>Alerts</Trans>}>
        <Stack gap="sm">
          <Alert
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            color="blue"
            icon={<IconInfoCircle aria-hidden />}
            title={t`Parts on the way`}
          >
            <Trans>The iPhone 14 screens arrive tomorrow morning.</Trans>
          </Alert>
          <Alert
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            color="teal"
            icon={<IconCheck aria-hidden />}
            title={t`Repair done`}
          >
            <Trans>R-20261122-07 passed its tests and is ready for pick-up.</Trans>
          </Alert>
          <Alert
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
            color="orange"
            icon={<IconAlertCircle aria-hidden />}
            title={t`Low points`}
          >
            <Trans>The shop has points for about 20 more checks.</Trans>
          </Alert>
          <Alert
            color="red"
            icon={<IconX aria-hidden />}
            title={t`Activation lock on`}
            withCloseButton
            closeButtonLabel={t`Close`}
          >
            <Trans>Do not buy this phone until the seller signs out of their account.</Trans>
          </Alert>
        </Stack>
      </Section>
      <Section title={<Trans>Notifications</Trans>}>
        <Group>
          <Button color="teal.9" onClick={() => notify('success', t`Saved`)}>
            {t`Success`}
          </Button>
          <Button
            color="orange.9"
            c="black"
            onClick={() => notify('warning', t`Please check your network connection`)}
          >
            {t`Warning`}
          </Button>
          <Button color="red.9" onClick={() => notify('error', t`Request timed out`)}>
            {t`Error`}
          </Button>
        </Group>
      </Section>
    </KitPage>
  );
}

/** The order badges the spec's icon names hint at (section 4), and the product's status badges. */
const ORDER_BADGES = [
  { label: msg`To be received`, color: 'blue', Icon: IconPackageImport },
  { label: msg`To be shipped`, color: 'grape', Icon: IconTruckDelivery },
  { label: msg`Not yet stored`, color: 'red', Icon: IconPackage },
  { label: msg`Stored`, color: 'teal', Icon: IconCheck },
  { label: msg`No storage needed`, color: 'gray', Icon: IconX },
];

export function Badges({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title}>
      <Section title={<Trans>Order badges</Trans>}>
        <Group>
          {ORDER_BADGES.map(({ label, color, Icon }) => (
            <KitBadge
              key={label.id}
              color={color}
              leftSection={<Icon size={12} aria-hidden />}
              size="lg"
              variant="light"
            >
              {i18n._(label)}
            </KitBadge>
          ))}
        </Group>
      </Section>
      <Section title={<Trans>Variants and sizes</Trans>}>
        <Group>
          {(['filled', 'light', 'outline', 'dot'] as const).map((variant) => (
            <Badge key={variant} variant={variant}>
              VIP
            </Badge>
          ))}
          {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((size) => (
            <Badge key={size} size={size} color="grape">
              5G
            </Badge>
          ))}
        </Group>
      </Section>
    </KitPage>
  );
}

type ButtonState = 'idle' | 'busy' | 'ok' | 'failed';

/** A button that works 2 s, then shows success, or an error icon for 3 s (spec section 9). */
function StateButton({ fails }: { fails: boolean }) {
  const { t } = useLingui();
  const [state, setState] = useState<ButtonState>('idle');
  const run = async () => {
    setState('busy');
    await wait(DEMO_SPINNER_MS);
    setState(fails ? 'failed' : 'ok');
    await wait(DEMO_ERROR_ICON_MS);
    setState('idle');
  };
  return (
    <Button
      loading={state === 'busy'}
      color={state === 'failed' ? 'red.9' : state === 'ok' ? 'teal.9' : undefined}
      leftSection={
        state === 'failed' ? (
          <IconX size={16} aria-hidden />
        ) : state === 'ok' ? (
          <IconCheck size={16} aria-hidden />
        ) : undefined
      }
      onClick={() => void run()}
      data-testid={fails ? 'state-button-fail' : 'state-button-ok'}
      data-state={state}
    >
      {fails ? t`Sync with the supplier` : t`Print the label`}
    </Button>
  );
}

export function Buttons({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Section title={<Trans>Variants</Trans>}>
        <Group>
          {(['filled', 'light', 'outline', 'subtle', 'default', 'gradient'] as const).map((variant) => (
            <Button key={variant} variant={variant}>
              {t`New repair`}
            </Button>
          ))}
        </Group>
      </Section>
      <Section title={<Trans>With icons and sizes</Trans>}>
        <Group>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} size="xs">
            {t`Print`}
          </Button>
          <Button leftSection={<IconShoppingCart size={16} aria-hidden />} size="sm">
            {t`Buy points`}
          </Button>
          <Button rightSection={<IconTrash size={16} aria-hidden />} color="red.9" size="md">
            {t`Delete`}
          </Button>
          <ActionIcon variant="light" size="lg" aria-label={t`Search`}>
            <IconSearch size={18} />
          </ActionIcon>
          <Button disabled>{t`Disabled`}</Button>
        </Group>
      </Section>
      <Section title={<Trans>Buttons with state (2 s work, 3 s error icon)</Trans>}>
        <Group>
          <StateButton fails={false} />
          <StateButton fails />
        </Group>
      </Section>
    </KitPage>
  );
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

/** The product's icons and what each stands for. */
const ICONS = [
  { Icon: IconDeviceMobile, label: msg`Device` },
  { Icon: IconTool, label: msg`Repair` },
  { Icon: IconLock, label: msg`Activation lock` },
  { Icon: IconBattery2, label: msg`Battery` },
  { Icon: IconCurrencyYuan, label: msg`Points` },
  { Icon: IconTruckDelivery, label: msg`Shipping` },
  { Icon: IconPackageImport, label: msg`Receiving` },
  { Icon: IconShoppingCart, label: msg`Shopping` },
  { Icon: IconPrinter, label: msg`Print` },
  { Icon: IconSearch, label: msg`Search` },
];

export function Icons({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <KitPage title={title} intro={<Trans>Tabler icons, as the menu and the pages use them.</Trans>}>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {ICONS.map(({ Icon, label }) => (
          <Paper key={label.id} withBorder p="md">
            <Stack align="center" gap={4}>
              <Icon size={28} stroke={1.6} aria-hidden />
              <Text size="sm">{i18n._(label)}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
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

export function ModalPage({ title }: PageProps) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  return (
    <KitPage title={title}>
      <Group>
        <Button color="red.9" onClick={() => setOpened(true)}>
          {t`Delete repair R-20261122-07`}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t`Delete this repair?`}
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Text size="sm">
          <Trans>The repair and its photos are removed. The customer is not told.</Trans>
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpened(false)}>
            {t`Cancel`}
          </Button>
          <Button color="red.9" onClick={() => setOpened(false)}>
            {t`Delete`}
          </Button>
        </Group>
      </Modal>
    </KitPage>
  );
}

export function Navigation({ title }: PageProps) {
  const { t } = useLingui();
  const [page, setPage] = useState(2);
  return (
    <KitPage title={title}>
      <Section title={<Trans>Breadcrumbs</Trans>}>
        <Breadcrumbs>
          <Anchor>{t`Repairs`}</Anchor>
          <Anchor>R-20261122-07</Anchor>
          <Text>{t`Photos`}</Text>
        </Breadcrumbs>
      </Section>
      <Section title={<Trans>Tabs</Trans>}>
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
      </Section>
      <Section title={<Trans>Pagination and links</Trans>}>
        <Pagination
          total={8}
          value={page}
          onChange={setPage}
          aria-label={t`Pages`}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t`Next page` : t`Previous page`,
          })}
        />
        <Stack gap={0} mt="sm" maw={260}>
          <NavLink label={t`Repairs`} leftSection={<IconTool size={16} aria-hidden />} active />
          <NavLink label={t`Shopping`} leftSection={<IconShoppingCart size={16} aria-hidden />} />
        </Stack>
      </Section>
    </KitPage>
  );
}

export function PopoverTooltip({ title }: PageProps) {
  const { t } = useLingui();
  return (
    <KitPage title={title}>
      <Group>
        <Tooltip label={t`Checks the activation lock of this IMEI`} withArrow>
          <Button variant="light">{t`Activation lock`}</Button>
        </Tooltip>
        <Popover width={260} withArrow shadow="md">
          <Popover.Target>
            <Button>{t`Battery details`}</Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm">
              <Trans>Battery health 87%, 612 charge cycles. Replace under 80%.</Trans>
            </Text>
          </Popover.Dropdown>
        </Popover>
      </Group>
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
        <Section title={<Trans>Basic</Trans>}>{table({})}</Section>
        <Section title={<Trans>Striped</Trans>}>{table({ striped: true })}</Section>
        <Section title={<Trans>Bordered</Trans>}>
          {table({ withTableBorder: true, withColumnBorders: true })}
        </Section>
      </SimpleGrid>
    </KitPage>
  );
}
